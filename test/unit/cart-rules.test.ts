import { createStore } from 'jotai'
import { expect, test, vi } from 'vitest'
import {
  addItemAtom,
  cartAtom,
  isCartOpenAtom,
  itemsAtom,
  storedCartAtom,
  storedCartStateAtom,
  totalQuantityAtom,
} from '../../client/cart/cart-atoms.ts'
import { read } from '../../client/cart/stored-cart-state.ts'
import type { Product } from '../../client/model/product.ts'
import {
  cartIdAtom,
  cartTotal,
  checkoutCreatedAtom,
  pricedLines,
  clearCartAtom,
  giftMessageAtom,
  hostedCartGoneAtom,
  isLoadingAtom,
  removeItemAtom,
  updateQuantityAtom,
} from '../../client/cart/cart-edits.ts'
import { firstVariantLine } from '../../client/cart/cart-item.ts'
import {
  EMPTY_CART,
  HOSTED_CART_PAID_WITHIN_MS,
  MAX_LINES,
  MAX_QUANTITY,
  type CartItem,
} from '../../client/model/cart.ts'
import { parseStoredCart } from '../../client/browser/stored-cart.ts'
import { reshapeProduct } from '../../src/storefront/product.ts'

// The cart's rules (docs/product.md, 'The cart'), on jotai's own store: no browser.

const line = (variant: string, quantity = 1, amount = '38.0'): CartItem => ({
  variantId: `gid://shopify/ProductVariant/${variant}`,
  variantTitle: 'Default Title',
  quantity,
  price: { amount, currencyCode: 'USD' },
  selectedOptions: [],
  product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } },
})

test('adding: a new variant is a new line; the same variant adds to its line', () => {
  const store = createStore()
  store.set(addItemAtom, line('1'))
  store.set(addItemAtom, line('2', 2))
  store.set(addItemAtom, line('1'))
  expect(store.get(itemsAtom).map((item) => [item.variantId.split('/').pop(), item.quantity])).toEqual([
    ['1', 2],
    ['2', 2],
  ])
  expect(store.get(totalQuantityAtom)).toBe(4)
})

test(`adding: a line never passes ${MAX_QUANTITY}, added at once or bit by bit`, () => {
  const store = createStore()
  store.set(addItemAtom, line('1', 150))
  expect(store.get(itemsAtom)[0]!.quantity).toBe(MAX_QUANTITY)
  store.set(addItemAtom, line('2', MAX_QUANTITY - 1))
  store.set(addItemAtom, line('2', 5))
  expect(store.get(itemsAtom)[1]!.quantity).toBe(MAX_QUANTITY)
})

// 'Added to cart!' must not be said of a tap that added nothing (BuyButton says so instead).
test(`adding: says whether the cart took it; at ${MAX_QUANTITY} of a line, or ${MAX_LINES} lines, it takes none`, () => {
  const store = createStore()
  expect(store.set(addItemAtom, line('1', MAX_QUANTITY - 1))).toBe(true)
  expect(store.set(addItemAtom, line('1'))).toBe(true)
  expect(store.get(itemsAtom)[0]!.quantity).toBe(MAX_QUANTITY)
  expect(store.set(addItemAtom, line('1'))).toBe(false)
  expect(store.get(itemsAtom)[0]!.quantity).toBe(MAX_QUANTITY)
  for (let i = 2; i <= MAX_LINES; i++) expect(store.set(addItemAtom, line(String(i)))).toBe(true)
  expect(store.set(addItemAtom, line('extra'))).toBe(false)
  expect(store.get(itemsAtom)).toHaveLength(MAX_LINES)
})

test(`adding: no line past ${MAX_LINES}, but an existing line still grows`, () => {
  const store = createStore()
  for (let i = 1; i <= MAX_LINES; i++) store.set(addItemAtom, line(String(i)))
  store.set(addItemAtom, line('extra'))
  expect(store.get(itemsAtom)).toHaveLength(MAX_LINES)
  store.set(addItemAtom, line('1'))
  expect(store.get(itemsAtom)[0]!.quantity).toBe(2)
})

test('adding: changes made before the stored cart is read are kept to replay on it', () => {
  const store = createStore()
  store.set(addItemAtom, line('1'))
  expect(store.get(storedCartStateAtom)).toMatchObject({ status: 'unread', waiting: [expect.any(Function)] })
  store.set(storedCartStateAtom, read(store.get(storedCartStateAtom), EMPTY_CART).state) // the stored cart has been read
  store.set(addItemAtom, line('1'))
  expect(store.get(storedCartStateAtom)).toEqual({ status: 'read', held: 0 })
  expect(store.get(itemsAtom)[0]!.quantity).toBe(2)
})

const withLines = () => {
  const store = createStore()
  store.set(cartAtom, { ...EMPTY_CART, items: [line('1', 2), line('2', 1, '12.5')] })
  return store
}

test('the drawer: the total is price × quantity over every line, in its currency, to the cent', () => {
  expect(cartTotal(withLines().get(itemsAtom))).toEqual({ amount: '88.50', currencyCode: 'USD' })
  expect(cartTotal([line('1', 3, '0.1')])).toEqual({ amount: '0.30', currencyCode: 'USD' })
  expect(cartTotal([])).toBeNull()
})

test('the drawer: lines are priced as the page’s market sells them; a cart in two currencies has no total', () => {
  const product = {
    variants: [{ id: 'gid://shopify/ProductVariant/1', price: { amount: '52.0', currencyCode: 'CAD' } }],
  } as unknown as Product
  const lines = pricedLines(withLines().get(itemsAtom), product.variants)
  expect(lines.map((item) => item.price)).toEqual([
    { amount: '52.0', currencyCode: 'CAD' },
    { amount: '12.5', currencyCode: 'USD' },
  ])
  expect(cartTotal(lines)).toBeNull()
  expect(cartTotal(pricedLines([line('1', 2)], product.variants))).toEqual({ amount: '104.00', currencyCode: 'CAD' })
  expect(pricedLines([line('1')], [])[0]!.price).toEqual({ amount: '38.0', currencyCode: 'USD' })
})

test('the drawer: a quantity is set, capped, and removes the line at 0 or less', () => {
  const store = withLines()
  store.set(updateQuantityAtom, { variantId: 'gid://shopify/ProductVariant/1', quantity: 5 })
  expect(store.get(itemsAtom).map((item) => item.quantity)).toEqual([5, 1])
  store.set(updateQuantityAtom, { variantId: 'gid://shopify/ProductVariant/1', quantity: 500 })
  expect(store.get(itemsAtom)[0]!.quantity).toBe(MAX_QUANTITY)
  store.set(updateQuantityAtom, { variantId: 'gid://shopify/ProductVariant/2', quantity: 0 })
  expect(store.get(itemsAtom).map((item) => item.variantId)).toEqual(['gid://shopify/ProductVariant/1'])
  store.set(updateQuantityAtom, { variantId: 'gid://shopify/ProductVariant/1', quantity: -1 })
  expect(store.get(itemsAtom)).toEqual([])
})

test('Shopify no longer has the hosted cart: paid if within a day of its creation; else only the hosted cart is forgotten', () => {
  const created = Date.UTC(2026, 10, 25, 12)
  const store = withLines()
  vi.useFakeTimers({ now: created })
  store.set(checkoutCreatedAtom, {
    cartId: 'gid://shopify/Cart/c1',
    checkoutUrl: 'https://shop.example/checkouts/cn/c1',
  })
  vi.useRealTimers()
  expect(store.get(storedCartAtom).cartCreatedAt).toBe(created)
  // Back the next day, unpaid, and Shopify has let the cart expire: the lines stay.
  store.set(hostedCartGoneAtom, created + HOSTED_CART_PAID_WITHIN_MS)
  expect(store.get(storedCartAtom)).toEqual({
    items: [line('1', 2), line('2', 1, '12.5')],
    cartId: null,
    checkoutUrl: null,
    cartCreatedAt: null,
    giftMessage: '',
  })
  // Back within the hour: the order was paid.
  store.set(cartAtom, {
    ...store.get(cartAtom),
    cartId: 'gid://shopify/Cart/c2',
    checkoutUrl: 'https://shop.example/checkouts/cn/c2',
    cartCreatedAt: created,
  })
  store.set(hostedCartGoneAtom, created + 60 * 60 * 1000)
  expect(store.get(storedCartAtom)).toEqual(EMPTY_CART)
  // A cart stored before its age was kept: unknown, so kept.
  store.set(cartAtom, {
    items: [line('1', 1)],
    cartId: 'gid://shopify/Cart/c3',
    checkoutUrl: 'https://shop.example/checkouts/cn/c3',
    cartCreatedAt: null,
    giftMessage: '',
  })
  store.set(hostedCartGoneAtom, created)
  expect(store.get(itemsAtom)).toHaveLength(1)
})

test('the drawer: remove takes only its line; clear empties the cart and forgets its checkout', () => {
  const store = withLines()
  store.set(checkoutCreatedAtom, {
    cartId: 'gid://shopify/Cart/c1',
    checkoutUrl: 'https://shop.example/checkouts/cn/c1',
  })
  store.set(removeItemAtom, 'gid://shopify/ProductVariant/2')
  expect(store.get(storedCartAtom)).toMatchObject({
    items: [{ quantity: 2 }],
    cartId: 'gid://shopify/Cart/c1',
    checkoutUrl: 'https://shop.example/checkouts/cn/c1',
  })
  store.set(clearCartAtom)
  expect(store.get(storedCartAtom)).toEqual(EMPTY_CART)
})

// A Shopify product as the Storefront API answers it (nodes, ThumbHash), reshaped as the Worker does.
const image = (file: string, altText: string | null) => ({
  url: `https://cdn.shopify.com/s/files/${file}`,
  altText,
  width: 2048,
  height: 2048,
  thumbhash: null,
})
const variant = (id: string, variantImage: ReturnType<typeof image> | null) => ({
  id: `gid://shopify/ProductVariant/${id}`,
  title: `Print ${id}`,
  availableForSale: true,
  sku: null,
  barcode: null,
  price: { amount: '38.0', currencyCode: 'USD' },
  selectedOptions: [{ name: 'Print', value: id }],
  image: variantImage,
})
const product = (variants: ReturnType<typeof variant>[]) =>
  reshapeProduct({
    id: 'gid://shopify/Product/1',
    title: 'Square Friends Fleece Blanket',
    description: 'Soft.',
    handle: 'toddler-blanket',
    vendor: 'Square Snuggles',
    updatedAt: '2026-11-01T09:00:00Z',
    priceRange: { minVariantPrice: { amount: '38.0', currencyCode: 'USD' } },
    images: { nodes: [image('flat.jpg', 'Spread flat'), image('folded.jpg', null)] },
    options: [{ name: 'Print', optionValues: variants.map((v) => ({ name: v.selectedOptions[0]!.value })) }],
    variants: { nodes: variants },
  })

test("the line an order adds: the first variant, quantity 1, pictured by the variant's own image", () => {
  const added = firstVariantLine(product([variant('7', image('sunny.jpg', 'Sunny')), variant('8', null)]))!
  expect(added).toMatchObject({
    variantId: 'gid://shopify/ProductVariant/7',
    variantTitle: 'Print 7',
    quantity: 1,
    price: { amount: '38.0', currencyCode: 'USD' },
    selectedOptions: [{ name: 'Print', value: '7' }],
  })
  expect(added.product).toEqual({
    title: 'Square Friends Fleece Blanket',
    handle: 'toddler-blanket',
    images: { edges: [{ node: { url: 'https://cdn.shopify.com/s/files/sunny.jpg', altText: 'Sunny' } }] },
  })
})

test("the line an order adds: else by the product's first picture; no variant, no line", () => {
  expect(firstVariantLine(product([variant('8', null)]))!.product.images.edges).toEqual([
    { node: { url: 'https://cdn.shopify.com/s/files/flat.jpg', altText: 'Spread flat' } },
  ])
  expect(firstVariantLine(product([]))).toBeNull()
  const bare = product([variant('9', null)])
  expect(firstVariantLine({ ...bare, images: [] })!.product.images).toEqual({ edges: [] })
})

test('the stored cart: a corrupted line is dropped and the rest kept; nonsense is the empty cart', () => {
  const good = line('1', 3)
  const stored = parseStoredCart(
    JSON.stringify({ items: [good, { variantId: 'x', quantity: 'lots' }], cartId: null, checkoutUrl: null }),
  )
  expect(stored.items).toEqual([good])
  expect(parseStoredCart('{"items": [oops')).toEqual(EMPTY_CART)
  // Carts saved before docs/product.md's shape was followed kept a flat list of pictures.
  const flat = {
    ...good,
    product: { ...good.product, images: [{ url: '/images/character-koala.svg', altText: null }] },
  }
  expect(
    parseStoredCart(JSON.stringify({ items: [flat], cartId: null, checkoutUrl: null })).items[0]!.product.images,
  ).toEqual({ edges: [{ node: { url: '/images/character-koala.svg', altText: null } }] })
  expect(parseStoredCart(null)).toEqual(EMPTY_CART)
  // When its hosted cart was created: kept; unknown (a cart stored before it was kept) or bad: null, lines kept.
  expect(
    parseStoredCart(
      JSON.stringify({
        items: [good],
        cartId: 'gid://shopify/Cart/c1',
        checkoutUrl: null,
        cartCreatedAt: 1764072000000,
      }),
    ).cartCreatedAt,
  ).toBe(1764072000000)
  for (const bad of [undefined, -5, 'yesterday', 1.5]) {
    const stored = parseStoredCart(
      JSON.stringify({ items: [good], cartId: null, checkoutUrl: null, cartCreatedAt: bad }),
    )
    expect(stored.cartCreatedAt).toBeNull()
    expect(stored.items).toHaveLength(1)
  }
  // The gift message: kept as typed; missing (a cart stored before it was kept) or bad: none, lines kept.
  const typed = 'For Noa 🧸 מזל טוב! <b>hi</b>'
  expect(
    parseStoredCart(JSON.stringify({ items: [good], cartId: null, checkoutUrl: null, giftMessage: typed })).giftMessage,
  ).toBe(typed)
  for (const bad of [undefined, 42, 'x'.repeat(251), null]) {
    const stored = parseStoredCart(JSON.stringify({ items: [good], cartId: null, checkoutUrl: null, giftMessage: bad }))
    expect(stored.giftMessage).toBe('')
    expect(stored.items).toHaveLength(1)
  }
})

test('the gift message is kept cut to 250 and cleared with the cart', () => {
  const store = withLines()
  store.set(giftMessageAtom, 'y'.repeat(300))
  expect(store.get(storedCartAtom).giftMessage).toBe('y'.repeat(250))
  store.set(clearCartAtom)
  expect(store.get(storedCartAtom).giftMessage).toBe('')
})

test('a fresh page: the cart closed, nothing loading, the cart empty', () => {
  const store = createStore()
  expect(store.get(isCartOpenAtom)).toBe(false)
  expect(store.get(isLoadingAtom)).toBe(false)
  expect(store.get(cartIdAtom)).toBeNull()
  expect(store.get(storedCartAtom)).toEqual(EMPTY_CART)
})

test.each([
  ['a price with letters', { price: { amount: '38.0x', currencyCode: 'USD' } }],
  ['a price with five decimals', { price: { amount: '38.00001', currencyCode: 'USD' } }],
  ['a price with a trailing dot', { price: { amount: '38.', currencyCode: 'USD' } }],
  ['a currency in lower case', { price: { amount: '38.0', currencyCode: 'usd' } }],
  ['a four-letter currency', { price: { amount: '38.0', currencyCode: 'USDX' } }],
  [
    'a picture on a protocol-relative address',
    { product: { title: 'x', handle: 'x', images: [{ url: '//evil.example/x.png', altText: null }] } },
  ],
  [
    'a picture on a made-up scheme',
    { product: { title: 'x', handle: 'x', images: [{ url: 'xhttps://x', altText: null }] } },
  ],
  // The cart's limits (client/model/cart.ts): 1 to 99 of a line.
  ['a quantity of 0', { quantity: 0 }],
  [`a quantity of ${MAX_QUANTITY + 1}`, { quantity: MAX_QUANTITY + 1 }],
  ['half a blanket', { quantity: 1.5 }],
])('the stored cart: a line with %s is dropped', (_, spoiled) => {
  const good = line('1')
  const stored = parseStoredCart(
    JSON.stringify({ items: [{ ...good, ...spoiled }, good], cartId: null, checkoutUrl: null }),
  )
  expect(stored.items).toEqual([good])
})

test("the stored cart: a line's options are read back (the drawer shows them joined by a bullet)", () => {
  const withOptions = {
    ...line('1'),
    selectedOptions: [
      { name: 'Size', value: '30" × 40"' },
      { name: 'Print', value: 'Friends' },
    ],
  }
  expect(
    parseStoredCart(JSON.stringify({ items: [withOptions], cartId: null, checkoutUrl: null })).items[0]!
      .selectedOptions,
  ).toEqual(withOptions.selectedOptions)
})

test(`the stored cart: a line of 1 or of ${MAX_QUANTITY} is kept`, () => {
  for (const quantity of [1, MAX_QUANTITY])
    expect(
      parseStoredCart(JSON.stringify({ items: [line('1', quantity)], cartId: null, checkoutUrl: null })).items,
    ).toEqual([line('1', quantity)])
})

test('the stored cart: whole-dollar and two-decimal prices are kept', () => {
  for (const amount of ['38', '38.25']) {
    const kept = line('1', 1, amount)
    expect(parseStoredCart(JSON.stringify({ items: [kept], cartId: null, checkoutUrl: null })).items).toEqual([kept])
  }
})

test("the stored cart: pictures over https, plain http (the page's CSP decides what loads) or on this site are kept", () => {
  for (const url of [
    'https://cdn.shopify.com/x.jpg',
    'http://127.0.0.1:8788/cdn/shop/files/x.jpg',
    '/images/character-koala.svg',
  ]) {
    const kept = {
      ...line('1'),
      product: { title: 'x', handle: 'x', images: { edges: [{ node: { url, altText: null } }] } },
    }
    expect(parseStoredCart(JSON.stringify({ items: [kept], cartId: null, checkoutUrl: null })).items).toEqual([kept])
  }
})
