import { Prose, Email } from '../../components/Prose'

export default function PrivacyPage() {
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
