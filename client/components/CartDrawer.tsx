import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { preconnect } from 'react-dom'
import { Drawer } from 'vaul'
import {
  giftMessageAtom,
  isLoadingAtom,
  pricedLines,
  removeItemAtom,
  sheetTotal,
  updateQuantityAtom,
} from '../cart/cart-edits.ts'
import { DISCOUNT_CODE, DISCOUNT_COOKIE, GIFT_MESSAGE_MAX, MAX_QUANTITY, type CartItem } from '../model/cart.ts'
import { isCartOpenAtom, itemsAtom, knownQuantityAtom } from '../cart/cart-atoms.ts'
import { useCheckout } from '../cart/use-checkout.ts'
import { useSheetMarket } from '../cart/sheet-market.ts'
import { track } from '../analytics/track.ts'
import { formatMoney } from '../lib/format-money.ts'
import { marketWords } from './market-words.ts'
import { PAGE_DATA_ID } from '../lib/element-ids.ts'
import { readJsonScript } from '../lib/json-script.ts'
import type { PageData } from '../pages/pages.ts'
import { itemCountText } from '../lib/item-count.ts'
import { CloseIcon, MinusIcon, PlusIcon, SpinnerIcon, TrashIcon } from './drawer-icons.tsx'
import { BagIcon } from './icons.tsx'
import { ShopifyPicture } from './ShopifyPicture.tsx'
import { isSheetEntry, SHEET_STATE } from '../cart/sheet-history.ts'

/**
 * The cart sheet. vaul (on Radix Dialog) traps focus while it is open and closes
 * on Esc or a click outside. Loaded on first use, so it costs nothing on first paint.
 */

/** The checkout button's look: busy (`aria-disabled`) and empty (`disabled`) both grey. */
const CHECKOUT_BUTTON = [
  'flex w-full items-center justify-center gap-2 rounded-full border-2 border-transparent bg-orange-700 text-center',
  'px-3 py-3.5 text-lg font-bold text-white transition hover:bg-orange-800',
  'disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600',
  'aria-disabled:cursor-progress aria-disabled:bg-stone-300 aria-disabled:text-stone-600',
].join(' ')

export default function CartDrawer() {
  const [open, setOpen] = useAtom(isCartOpenAtom)
  const stored = useAtomValue(itemsAtom)
  // Null while the market of a page without the product is asked for (cart/sheet-market.ts).
  const sheetMarket = useSheetMarket(open, stored[0]?.product.handle)
  const items = pricedLines(stored, sheetMarket?.variants ?? [])
  // Null while an order tapped early waits for the stored cart to be read (knownQuantityAtom):
  // the sheet's count, lines and total then wait with the badge, rather than show the cart in
  // memory (one blanket) and count up to the stored one (three). The total and the checkout
  // wait the same way for the sheet's market, so no price is shown that the checkout would not charge.
  const count = useAtomValue(knownQuantityAtom)
  const reading = count === null
  const pricing = reading || sheetMarket === null
  const total = sheetTotal(items, sheetMarket?.market?.currency)
  const market = marketWords(sheetMarket?.market)
  const discount = useDiscountCode()
  const loading = useAtomValue(isLoadingAtom)
  const checkout = useCheckout(sheetMarket?.market)
  // The sheet is opened from code (an Order button, the cart button), not from a Radix
  // trigger, so Radix does not know where focus came from: remember it here, before focus
  // moves into the sheet (Radix moves it in an effect, after layout), and give it back.
  const opener = useRef<HTMLElement | null>(null)
  // Here, not in the app's shell: this code loads with the sheet, off the critical path.
  useEffect(() => {
    if (!open) return
    track({ type: 'cart_opened' })
    warmCheckout()
  }, [open])
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [open])
  useBackCloses(open)

  return (
    <Drawer.Root open={open} onOpenChange={setOpen} direction="right" autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-stone-900/40" />
        <Drawer.Content
          className="fixed bottom-0 right-0 top-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl outline-none"
          data-testid="cart-drawer"
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return
            event.preventDefault()
            opener.current.focus()
          }}
        >
          <div className="flex items-start justify-between border-b border-stone-100 p-5">
            <div>
              <Drawer.Title className="text-xl font-extrabold text-stone-900">Shopping Cart</Drawer.Title>
              <Drawer.Description className="mt-1 min-h-5 text-sm text-stone-600" data-testid="cart-subtitle">
                {reading ? '' : items.length === 0 ? 'Your cart is empty' : itemCountText(count)}
              </Drawer.Description>
            </div>
            <Drawer.Close
              className="grid h-10 w-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100"
              aria-label="Close cart"
            >
              <CloseIcon />
            </Drawer.Close>
          </div>

          {/* One scrolling region below the title: the lines, the gift message and the checkout
              button are each reachable at any text size, the footer kept at the bottom when
              there is room (mt-auto). */}
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto" data-testid="cart-scroll">
            {reading ? (
              <div className="flex-1" aria-busy="true" data-testid="cart-reading" />
            ) : items.length === 0 ? (
              <div
                className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-stone-500"
                data-testid="cart-empty"
              >
                <BagIcon width={56} height={56} className="text-orange-300" />
                <p className="text-lg">Your cart is empty</p>
              </div>
            ) : (
              <>
                <ul className="divide-y divide-stone-100 px-5" aria-label="Items in your cart">
                  {items.map((item) => (
                    <CartLine key={item.variantId} item={item} />
                  ))}
                </ul>
                <GiftMessage />
              </>
            )}

            <div className="mt-auto border-t border-stone-100 p-5">
              <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 text-lg font-bold text-stone-900">
                <span>Total</span>
                <span className="ml-auto text-right">
                  <span data-testid="cart-total" aria-busy={pricing || undefined}>
                    {pricing || !total ? '' : formatMoney(total)}
                  </span>
                  {/* What the total includes in the checkout's market ('incl. VAT'), once that market is known. */}
                  {!pricing && total && sheetMarket?.market && (
                    <span className="block text-sm font-semibold text-stone-700" data-testid="cart-tax-words">
                      {sheetMarket.market.tax}
                    </span>
                  )}
                </span>
              </div>
              {market && (
                <p className="mb-4 text-sm font-semibold text-stone-700" data-testid="cart-market-note">
                  {market}
                </p>
              )}
              {discount && (
                <p className="mb-4 text-sm font-semibold text-stone-700" data-testid="cart-discount">
                  Discount code {discount} will be applied at checkout.
                </p>
              )}
              {/* Busy, it is aria-disabled rather than disabled: a disabled button loses the
                keyboard's focus, which would then be on the sheet when a failed checkout is
                to be tried again. */}
              <button
                type="button"
                onClick={(event) => void (loading || pricing || checkout(event.timeStamp))}
                disabled={items.length === 0}
                aria-disabled={loading || pricing || undefined}
                className={CHECKOUT_BUTTON}
                data-testid="checkout-button"
                data-vaul-no-drag
              >
                {loading ? (
                  <>
                    <SpinnerIcon />
                    <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">Creating Checkout...</span>
                  </>
                ) : (
                  // Hyphenated, or broken within a word, where a word is wider than the sheet (320 px at 200 %).
                  <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">Checkout with Shopify</span>
                )}
              </button>
            </div>
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  )
}

/**
 * An optional gift message, kept with the stored cart and sent as the hosted cart's `note`:
 * plain text in a textarea, never rendered as HTML, written in the shopper's own direction.
 */
function GiftMessage() {
  const [message, setMessage] = useAtom(giftMessageAtom)
  const id = useId()
  return (
    <div className="border-t border-stone-100 px-5 py-4">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        Gift message (optional)
      </label>
      <textarea
        id={id}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={GIFT_MESSAGE_MAX}
        rows={3}
        dir="auto"
        className="mt-2 w-full resize-y rounded-xl border border-stone-300 p-3 text-base text-stone-900"
        aria-describedby={`${id}-count`}
        data-testid="gift-message"
        data-vaul-no-drag
      />
      <p id={`${id}-count`} className="mt-1 text-right text-sm text-stone-600">
        {message.length}/{GIFT_MESSAGE_MAX}
      </p>
    </div>
  )
}

function CartLine({ item }: { item: CartItem }) {
  const update = useSetAtom(updateQuantityAtom)
  const remove = useSetAtom(removeItemAtom)
  const title = item.product.title || 'Product'
  const image = item.product.images.edges[0]?.node
  const options = item.selectedOptions.map((o) => o.value).join(' • ')
  const atMost = item.quantity >= MAX_QUANTITY
  const limitId = useId()
  return (
    // At large text sizes the line's words and controls wrap below the picture rather than
    // push the remove button out of the sheet (10rem: a phone's line at 100 % fits beside it).
    <li className="flex flex-wrap gap-4 py-4" data-testid="cart-line">
      {image ? (
        <ShopifyPicture
          image={image}
          alt={image.altText || title}
          sizes="80px"
          largest={320}
          className="h-20 w-20 flex-none rounded-xl bg-orange-50 object-cover"
        />
      ) : (
        <div className="h-20 w-20 flex-none rounded-xl bg-orange-50" aria-hidden="true" />
      )}
      <div className="flex min-w-[min(10rem,100%)] flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <p className="font-bold leading-tight text-stone-900">{title}</p>
          <button
            type="button"
            onClick={() => remove(item.variantId)}
            className="grid h-9 w-9 flex-none place-items-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700"
            aria-label={`Remove ${title} from cart`}
          >
            <TrashIcon width={18} height={18} />
          </button>
        </div>
        {options && <p className="text-sm text-stone-600">{options}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <p className="font-semibold text-stone-900" data-testid="line-price">
            {formatMoney(item.price)}
          </p>
          <div className="flex items-center gap-1 rounded-full border border-stone-200">
            <button
              type="button"
              onClick={() => update({ variantId: item.variantId, quantity: item.quantity - 1 })}
              className="grid h-9 w-9 place-items-center rounded-full hover:bg-stone-100"
              aria-label={`One fewer ${title}`}
            >
              <MinusIcon width={16} height={16} />
            </button>
            <span className="w-6 text-center font-semibold" data-testid="line-quantity">
              {item.quantity}
            </span>
            <button
              type="button"
              onClick={() => update({ variantId: item.variantId, quantity: item.quantity + 1 })}
              disabled={atMost}
              className="grid h-9 w-9 place-items-center rounded-full hover:bg-stone-100 disabled:opacity-40"
              aria-label={`One more ${title}`}
              aria-describedby={atMost ? limitId : undefined}
            >
              <PlusIcon width={16} height={16} />
            </button>
          </div>
        </div>
        {atMost && (
          <p id={limitId} className="mt-1 text-right text-sm text-stone-600" data-testid="line-limit">
            {MAX_QUANTITY} is the most one order can take
          </p>
        )}
      </div>
    </li>
  )
}

/** The code a discount link left for this browser (src/routes/doors.ts), which the checkout sends. */
function useDiscountCode(): string | null {
  const [code] = useState(() => {
    const value = document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${DISCOUNT_COOKIE}=`))
      ?.slice(DISCOUNT_COOKIE.length + 1)
    const decoded = value && decodeURIComponent(value)
    return decoded && DISCOUNT_CODE.test(decoded) ? decoded : null
  })
  return code
}

/**
 * While the sheet is open, the browser opens a connection to Shopify's checkout (DNS, TCP,
 * TLS), so that the checkout's page starts sooner once the cart is made. Its origin is in
 * the page's data (src/routes/page-routes.tsx); react-dom adds the hint once.
 */
function warmCheckout() {
  const origin = readJsonScript<PageData>(PAGE_DATA_ID)?.checkoutOrigin
  if (origin) preconnect(origin)
}

/**
 * Back closes the open sheet (cart/sheet-history.ts): opening adds the sheet's entry, unless
 * the sheet was opened by going to it (Forward); closed any other way, the sheet takes its
 * entry back off. Going to or from the entry opens or closes the sheet wherever it happens
 * (client/browser/cart-door.ts), so nothing here listens for it.
 */
function useBackCloses(open: boolean) {
  useEffect(() => {
    if (!open) return
    if (!isSheetEntry(history.state)) history.pushState(SHEET_STATE, '')
    return () => {
      if (isSheetEntry(history.state)) history.back()
    }
  }, [open])
}
