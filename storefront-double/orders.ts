// The double's side of an order: what Shopify sends the shop when a buyer pays (the
// `orders/create` webhook), signed and retried as Shopify does. Tests and local
// development only, like the rest of the double.

/** An order's lines and money, as the double's checkout priced them. */
export type PaidCart = {
  token: string
  countryCode: string
  lines: {
    variantId: string
    title: string
    variantTitle: string
    sku: string | null
    quantity: number
    unit: number
    shopUnit: number
  }[]
  currency: string
  attributes: { key: string; value: string }[]
  note: string | null
}

let orderNumber = 1000

/**
 * Shopify's `orders/create` body for a paid cart, in the shape Shopify's docs give it (the
 * topic's example payload, shopify.dev/docs/api/webhooks?reference=toml#list-of-topics-orders/create,
 * and the REST Admin API's Order resource, shopify.dev/docs/api/admin-rest/latest/resources/order), personal fields
 * included: the buyer's name, e-mail, phone, addresses, IP address and browser are all
 * there, as they will be from Shopify, so the shop's dropping of them is tested against what
 * it really receives.
 */
export function orderPayload(cart: PaidCart, at = new Date()) {
  const number = ++orderNumber
  const id = 5940139490000 + number
  const sum = (pick: (line: PaidCart['lines'][number]) => number) =>
    cart.lines.reduce((total, line) => total + pick(line) * line.quantity, 0).toFixed(2)
  const [presentment, shop] = [sum((line) => line.unit), sum((line) => line.shopUnit)]
  const set = (shopAmount: string, amount: string) => ({
    shop_money: { amount: shopAmount, currency_code: 'USD' },
    presentment_money: { amount, currency_code: cart.currency },
  })
  const address = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    address1: '12 Example Street',
    address2: 'Flat 3',
    city: 'Springfield',
    zip: '12345',
    province: null,
    province_code: null,
    country: cart.countryCode,
    country_code: cart.countryCode,
    company: null,
    phone: '+15555550123',
    latitude: 40.7,
    longitude: -74.0,
  }
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    app_id: 580111,
    browser_ip: '203.0.113.7',
    buyer_accepts_marketing: false,
    cart_token: cart.token,
    checkout_id: id + 1,
    checkout_token: `checkout-${cart.token}`,
    client_details: {
      browser_ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (the buyer’s browser)',
      accept_language: 'en-US',
    },
    confirmation_number: `CONF${number}`,
    contact_email: 'ada@example.com',
    created_at: at.toISOString(),
    currency: 'USD',
    presentment_currency: cart.currency,
    current_total_price: shop,
    customer: {
      id: 115310627314723950,
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+15555550123',
      default_address: address,
    },
    email: 'ada@example.com',
    financial_status: 'paid',
    landing_site: '/',
    name: `#${number}`,
    note: cart.note,
    note_attributes: cart.attributes.map(({ key, value }) => ({ name: key, value })),
    order_number: number,
    phone: '+15555550123',
    processed_at: at.toISOString(),
    referring_site: 'https://shop.example.com/',
    source_name: 'web',
    subtotal_price: shop,
    total_price: shop,
    total_price_set: set(shop, presentment),
    subtotal_price_set: set(shop, presentment),
    test: false,
    billing_address: address,
    shipping_address: address,
    line_items: cart.lines.map((line, i) => ({
      id: 466157049 + i,
      admin_graphql_api_id: `gid://shopify/LineItem/${466157049 + i}`,
      name: `${line.title} - ${line.variantTitle}`,
      price: line.shopUnit.toFixed(2),
      price_set: set(line.shopUnit.toFixed(2), line.unit.toFixed(2)),
      product_id: 632910392,
      quantity: line.quantity,
      sku: line.sku,
      title: line.title,
      variant_id: Number(line.variantId.replace('gid://shopify/ProductVariant/', '')),
      variant_title: line.variantTitle,
      vendor: 'Square Snuggles',
      properties: [],
    })),
  }
}

/** Headers Shopify would send with a webhook body: the app secret's HMAC-SHA256, base64, and the delivery's names. */
export async function signedWebhookHeaders(
  body: string,
  secret: string,
  { topic = 'products/update', deliveryId = crypto.randomUUID() as string, triggeredAt = new Date() } = {},
): Promise<Record<string, string>> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))
  return {
    'Content-Type': 'application/json',
    'X-Shopify-Topic': topic,
    'X-Shopify-Hmac-Sha256': btoa(String.fromCharCode(...mac)),
    'X-Shopify-Shop-Domain': 'blanket-shop.myshopify.com',
    'X-Shopify-Webhook-Id': deliveryId,
    'X-Shopify-Triggered-At': triggeredAt.toISOString(),
  }
}

/** One try at delivering a webhook: its delivery id and the shop's answer (0: no answer). */
export type DeliveryAttempt = { deliveryId: string; topic: string; status: number }

/**
 * Sends signed webhooks where the shop said, retrying a delivery the shop did not take (no
 * answer, or not 2xx) with the same body and delivery id, as Shopify does ('8 times over 4
 * hours', exponential backoff: shopify.dev changelog, 'Updates to webhook retry mechanism',
 * 2024-09-10); here the waits are `retryDelaysMs`, seconds rather than hours.
 */
export function createWebhookSender() {
  let target: { url: string; secret: string } | null = null
  let retryDelaysMs = [500, 1000, 2000, 4000, 8000, 16000, 32000, 64000]
  const attempts: DeliveryAttempt[] = []
  return {
    /** Where orders/create goes, signed with `secret` (the app's); null: nowhere, as a store with no subscription. */
    subscribe(next: { url: string; secret: string } | null) {
      target = next
    },
    set retryDelaysMs(next: number[]) {
      retryDelaysMs = next
    },
    attempts: () => [...attempts],
    /** Forgets the attempts and the delays a test set; the subscription stays, as the shop set it up. */
    reset() {
      attempts.length = 0
      retryDelaysMs = [500, 1000, 2000, 4000, 8000, 16000, 32000, 64000]
    },
    /** Delivers `payload` under `topic`; resolves once the shop took it (true) or the retries ran out (false). */
    async deliver(topic: string, payload: unknown): Promise<boolean> {
      if (!target) return false
      const { url, secret } = target
      const body = JSON.stringify(payload)
      const deliveryId = crypto.randomUUID()
      const triggeredAt = new Date()
      for (const wait of [0, ...retryDelaysMs]) {
        if (wait) await new Promise((resolve) => setTimeout(resolve, wait))
        const headers = await signedWebhookHeaders(body, secret, { topic, deliveryId, triggeredAt })
        const status = await fetch(url, { method: 'POST', headers, body }).then(
          (answer) => answer.status,
          () => 0,
        )
        attempts.push({ deliveryId, topic, status })
        if (status >= 200 && status < 300) return true
      }
      return false
    },
  }
}
