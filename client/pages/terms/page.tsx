import { Prose, Email } from '../../components/Prose.tsx'
import { DELIVERY_TIME, RETURNS } from '../../content/policies.ts'
import { staticSection } from '../../lib/deferred-section.tsx'

const Currencies = staticSection(() => import('./sections.tsx').then((m) => m.Currencies))

export default function TermsPage() {
  return (
    <Prose title="Terms of Use" intro="Last updated: January 2025">
      <p>These terms apply to every order placed at Square Snuggles. By placing an order you agree to them.</p>
      <h2>Orders and payments</h2>
      <Currencies />
      <p>
        Payment is taken on Shopify’s secure checkout page; we never see or store your card details. An order is
        confirmed when you receive our confirmation e-mail. We may cancel an order and refund it in full if a product
        cannot be made or was listed at an obviously wrong price.
      </p>
      <h2>Shipping</h2>
      <p>
        {DELIVERY_TIME} Your order ships with tracking, and shipping is included in the price. We ship to the countries
        listed under ‘Shipping and returns’ on the shop’s pages; the checkout offers only those.
      </p>
      <h2>Returns</h2>
      <p>
        Because every blanket is made for you, we accept returns only of a blanket that arrives damaged or defective,
        from every country we ship to. {RETURNS} Write to us with your order number and a photo first. We cannot accept
        returns for a change of mind.
      </p>
      <h2>Quality</h2>
      <p>
        Our blankets are 100% polyester fleece (290 g/m²) with a one-sided print. Colours on screen may differ slightly
        from the printed fabric. Follow the care label: machine-wash, tumble dry low, max 30°C.
      </p>
      <h2>Intellectual property</h2>
      <p>
        The square animal characters, illustrations, photos and text on this site belong to Square Snuggles. You may not
        copy, reproduce or sell them without our written permission.
      </p>
      <h2>Liability</h2>
      <p>
        Our blankets are not a toy and are not intended for unsupervised use by infants under 12 months. To the extent
        the law allows, our liability for any order is limited to the amount you paid for it.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms. The version in force is the one shown here on the day you order.</p>
      <h2>Contact</h2>
      <p>
        Questions about these terms or your order: <Email />.
      </p>
    </Prose>
  )
}
