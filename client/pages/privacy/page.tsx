import { Prose, Email } from '../../components/Prose.tsx'

export default function PrivacyPage() {
  return (
    <Prose title="Privacy Policy" intro="How we handle your information, in plain words.">
      <h2>Data we collect</h2>
      <p>
        Browsing this shop needs no account. Your cart is kept in your own browser (local storage) until you check out.
        When you place an order, Shopify collects your name, e-mail, shipping address and payment details on its
        checkout page.
      </p>
      <h3>How the shop is used, without knowing who you are</h3>
      <p>
        To see whether the shop works well and fast for everyone, each page you open sends us a short, anonymous note
        when you leave it: which page it was (never its full address), whether you added the blanket, opened the cart or
        started checkout, how quickly the page appeared and answered your taps, whether your screen is a phone’s, a
        tablet’s or a computer’s, and your connection’s speed class. Cloudflare adds the country and the Cloudflare data
        centre the page came from. When a checkout is created, and when Shopify tells us of an order, our server counts
        that too, with a one-way code of the cart that cannot be turned back into it, so that an order is counted once.
        Of an order we keep its total and currency, the country it ships to, how many blankets it holds and where its
        buyer came from: never a name, an e-mail, an address or a phone number.
      </p>
      <p>
        None of this identifies you or your device: we store no IP address, no browser identification, no cookie and no
        number that follows you from one page to the next. The notes are kept for three months in Cloudflare’s Workers
        Analytics Engine and then deleted. If your browser sends the Global Privacy Control signal, your pages send
        nothing at all.
      </p>
      <h3>Where you came from</h3>
      <p>
        When you arrive by a link that names a campaign (the <code>utm_</code> words in its address) or from another
        website, your browser keeps those words, that website’s name (never the page’s address) and the page you landed
        on, in its local storage beside your cart, for 30 days. When you check out they go with your order to Shopify,
        hidden from the checkout page, so that we know which of our ads, gift guides and newsletters work. If your
        browser sends the Global Privacy Control signal, nothing is kept and nothing goes with your order.
      </p>
      <h2>How we use it</h2>
      <p>
        We use your order details only to make, ship and support your order, and to answer messages you send us. We use
        the anonymous notes above only to count visits, purchases and page speed by page, country and kind of device,
        and to fix what is slow or broken.
      </p>
      <h2>Security</h2>
      <p>
        The shop is served over HTTPS only. Payments are processed by Shopify, which is PCI-DSS compliant; card details
        never reach us.
      </p>
      <h2>Third parties</h2>
      <ul>
        <li>Shopify, which runs our checkout and stores order records.</li>
        <li>Cloudflare, which serves this website and keeps the anonymous notes described above.</li>
        <li>The shipping carrier that delivers your blanket.</li>
      </ul>
      <p>We never sell your data.</p>
      <h2>Cookies</h2>
      <p>
        This site sets no tracking or advertising cookies, and its anonymous notes need none. Your cart is saved in your
        browser’s local storage, which you can clear at any time. Shopify’s checkout sets the cookies it needs to
        complete a purchase.
      </p>
      <h2>Your rights if you live in the EU</h2>
      <p>
        Under the GDPR you may ask to see, correct, export or delete the personal data we hold about you, object to how
        we use it, and complain to your data-protection authority. Write to <Email /> and we will answer within 30 days.
      </p>
    </Prose>
  )
}
