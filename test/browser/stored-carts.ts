// Stored carts for the browser tests: one of `quantity` blankets, and a page that reads its
// two stored blankets back only when the test says.
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { openPage, PHONE } from './browser.ts'
import { browser } from './shop-in-chromium.ts'

/**
 * A page with two blankets stored, whose stored cart is read only once `read()` is called:
 * the read's code (its chunk) is held till then, so what the test does first happens first
 * however fast or slow the machine is. `asked`: the read did go through the held chunk
 * (had the chunk been renamed, nothing would have been held).
 */
export async function twoStoredReadLater(observe: () => void) {
  let read!: () => void
  const held = new Promise<void>((resolve) => (read = resolve))
  const hold = { read, asked: false }
  const watched = await openPage(browser, PHONE, async (context) => {
    await context.addInitScript((value) => localStorage.setItem('shopify-cart', value), JSON.stringify(storedCartOf(2)))
    await context.addInitScript(observe)
    await context.route(/stored-cart-.*\.js$/, async (route) => {
      hold.asked = true
      await held
      await route.continue()
    })
  })
  return { watched, hold }
}

/** A valid stored cart of one line: the blanket, `quantity` times. */
export const storedCartOf = (quantity: number) => ({
  items: [
    {
      variantId: BLANKET_VARIANT_ID,
      variantTitle: 'x',
      quantity,
      price: { amount: '38.0', currencyCode: 'USD' },
      selectedOptions: [],
      product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: [] },
    },
  ],
  cartId: null,
  checkoutUrl: null,
})
