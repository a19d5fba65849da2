import type { ReactNode } from 'react'
import { CONTACT_EMAIL } from '../content/contact'

function Prose({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-stone-700 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-extrabold [&_h2]:text-stone-900 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1">
      <h1 className="text-4xl font-extrabold text-stone-900">{title}</h1>
      {intro && <p className="text-stone-500">{intro}</p>}
      {children}
    </article>
  )
}

const Email = () => <a className="font-semibold text-orange-700 underline" href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>

export function TermsPage() {
  return (
    <Prose title="Terms of Use" intro="Last updated: January 2025">
      <p>These terms apply to every order placed at Square Snuggles. By placing an order you agree to them.</p>
      <h2>Orders and payments</h2>
      <p>
        All prices are in US dollars and include shipping. Payment is taken on Shopify’s secure checkout page; we never see or
        store your card details. An order is confirmed when you receive our confirmation e-mail. We may cancel an order and
        refund it in full if a product cannot be made or was listed at an obviously wrong price.
      </p>
      <h2>Shipping</h2>
      <p>
        Each blanket is made on demand. Processing takes 2-5 business days, after which your order ships with tracking.
        Delivery times depend on the destination and the carrier. Shipping is included in the price.
      </p>
      <h2>Returns</h2>
      <p>
        Because every blanket is made for you, we accept returns within 7 days of delivery if the blanket arrives damaged or
        defective. Write to us with your order number and a photo, and we will send a replacement or a full refund. We cannot
        accept returns for a change of mind.
      </p>
      <h2>Quality</h2>
      <p>
        Our blankets are 100% polyester fleece (290 g/m²) with a one-sided print. Colours on screen may differ slightly from
        the printed fabric. Follow the care label: machine-wash, tumble dry low, max 30°C.
      </p>
      <h2>Intellectual property</h2>
      <p>
        The square animal characters, illustrations, photos and text on this site belong to Square Snuggles. You may not copy,
        reproduce or sell them without our written permission.
      </p>
      <h2>Liability</h2>
      <p>
        Our blankets are not a toy and are not intended for unsupervised use by infants under 12 months. To the extent the law
        allows, our liability for any order is limited to the amount you paid for it.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms. The version in force is the one shown here on the day you order.</p>
      <h2>Contact</h2>
      <p>Questions about these terms or your order: <Email />.</p>
    </Prose>
  )
}

export function PrivacyPage() {
  return (
    <Prose title="Privacy Policy" intro="How we handle your information, in plain words.">
      <h2>Data we collect</h2>
      <p>
        Browsing this shop needs no account. Your cart is kept in your own browser (local storage) until you check out. When you
        place an order, Shopify collects your name, e-mail, shipping address and payment details on its checkout page.
      </p>
      <h2>How we use it</h2>
      <p>We use your order details only to make, ship and support your order, and to answer messages you send us.</p>
      <h2>Security</h2>
      <p>
        The shop is served over HTTPS only. Payments are processed by Shopify, which is PCI-DSS compliant; card details never
        reach us.
      </p>
      <h2>Third parties</h2>
      <ul>
        <li>Shopify, which runs our checkout and stores order records.</li>
        <li>Cloudflare, which serves this website.</li>
        <li>The shipping carrier that delivers your blanket.</li>
      </ul>
      <p>We never sell your data.</p>
      <h2>Cookies</h2>
      <p>
        This site sets no tracking or advertising cookies. Your cart is saved in your browser’s local storage, which you can
        clear at any time. Shopify’s checkout sets the cookies it needs to complete a purchase.
      </p>
      <h2>Your rights if you live in the EU</h2>
      <p>
        Under the GDPR you may ask to see, correct, export or delete the personal data we hold about you, object to how we use
        it, and complain to your data-protection authority. Write to <Email /> and we will answer within 30 days.
      </p>
    </Prose>
  )
}

export function AboutPage() {
  return (
    <Prose title="About Square Snuggles">
      <p>
        Square Snuggles started at a kitchen table, with a toddler who refused to sleep without “the square koala” from a
        sketchbook. We turned the sketch into a friend, then five more: Octopus, Cheetah, Hippo, Elephant and Crab.
      </p>
      <p>
        Today every blanket is printed on demand on thick, soft fleece, so nothing is overproduced and each one is made for the
        little person who will drag it everywhere. We are a small team of parents, and we answer every e-mail ourselves: <Email />.
      </p>
    </Prose>
  )
}
