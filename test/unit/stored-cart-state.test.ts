import { expect, test } from 'vitest'
import { EMPTY_CART, type StoredCart } from '../../client/model/cart.ts'
import {
  changed,
  knownQuantity,
  lost,
  quantityOf,
  read,
  saves,
  startingQuantity,
  UNREAD,
  type CartUpdate,
} from '../../client/cart/stored-cart-state.ts'

// The stored cart's state machine (client/cart/stored-cart-state.ts): unread, read or lost,
// and what the badge, the sheet, the screen reader and the persisting effect derive from it.

const line = (variantId: string, quantity: number) => ({
  variantId,
  variantTitle: 'Default Title',
  quantity,
  price: { amount: '38.0', currencyCode: 'USD' },
  selectedOptions: [],
  product: { title: 'Blanket', handle: 'toddler-blanket', images: { edges: [] } },
})
const cartOf = (...items: ReturnType<typeof line>[]): StoredCart => ({ ...EMPTY_CART, items })
const addOne: CartUpdate = (cart) => ({
  ...cart,
  items: cart.items.length
    ? cart.items.map((item, i) => (i === 0 ? { ...item, quantity: item.quantity + 1 } : item))
    : [line('a', 1)],
})

const stored = () => true
const nothingStored = () => false

test('unread: a change waits to be replayed; while it waits on a stored cart, the total is not told', () => {
  const state = changed(UNREAD, addOne, stored)
  expect(state).toEqual({ status: 'unread', stored: true, waiting: [addOne] })
  expect(knownQuantity(state, 1)).toBeNull()
  expect(startingQuantity(state)).toBeNull()
  expect(saves(state)).toBe(false)
})

test('unread with nothing stored (a first visit): the cart in memory is the whole cart, told at once', () => {
  const state = changed(UNREAD, addOne, nothingStored)
  expect(knownQuantity(state, 1)).toBe(1)
  expect(saves(state)).toBe(false)
})

test('unread with nothing changed: storage is not looked at (a prerendered page must not), and the total in memory is told', () => {
  expect(UNREAD).toEqual({ status: 'unread', stored: null, waiting: [] })
  expect(knownQuantity(UNREAD, 0)).toBe(0)
})

test('storage is looked at once, at the first change', () => {
  let looks = 0
  const look = () => {
    looks++
    return true
  }
  changed(changed(UNREAD, addOne, look), addOne, look)
  expect(looks).toBe(1)
})

test('read: the waiting changes are replayed on the stored cart, and it keeps what the stored cart held', () => {
  const { state, cart } = read(changed(changed(UNREAD, addOne, stored), addOne, stored), cartOf(line('a', 2)))
  expect(cart.items).toEqual([line('a', 4)])
  expect(state).toEqual({ status: 'read', held: 2 })
  expect(knownQuantity(state, 4)).toBe(4)
  expect(startingQuantity(state)).toBe(2)
  expect(saves(state)).toBe(true)
})

test('read again (another tab, Back): nothing is replayed twice, and changes no longer wait', () => {
  const first = read(changed(UNREAD, addOne, stored), cartOf(line('a', 1))).state
  expect(changed(first, addOne, stored)).toBe(first)
  const again = read(first, cartOf(line('a', 5)))
  expect(again.cart.items).toEqual([line('a', 5)])
  expect(again.state).toEqual({ status: 'read', held: 5 })
})

test('lost: the cart carries on in memory, told as it is, and is never written over the stored one', () => {
  const state = lost(changed(UNREAD, addOne, stored))
  expect(state).toEqual({ status: 'lost' })
  expect(knownQuantity(state, 1)).toBe(1)
  expect(startingQuantity(state)).toBe(0)
  expect(saves(state)).toBe(false)
  expect(changed(state, addOne, stored)).toBe(state)
})

test('lost comes only to an unread cart: once read, a later loss of code changes nothing', () => {
  const state = read(UNREAD, cartOf(line('a', 1))).state
  expect(lost(state)).toBe(state)
})

test('a cart is summed once, by quantityOf', () => {
  expect(quantityOf(cartOf(line('a', 2), line('b', 3)))).toBe(5)
  expect(quantityOf(EMPTY_CART)).toBe(0)
})
