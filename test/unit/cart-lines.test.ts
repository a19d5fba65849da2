import { expect, test } from 'vitest'
import { MAX_LINES, MAX_QUANTITY } from '../../client/model/cart.ts'
import { cartLines } from '../../src/routes/cart-lines.ts'
import { checkoutBody } from '../../src/routes/checkout.ts'
import { permalinkLines } from '../../src/routes/permalink.ts'

// The one rule for a cart's lines (src/routes/cart-lines.ts), each case run through both doors
// that make carts: POST /checkout's body (checkoutBody) and a cart permalink (permalinkLines),
// which must take and refuse the same carts, and make the same lines of those they take.

const id = (n: number) => `gid://shopify/ProductVariant/${n}`
/** The store's variants, as the product store knows them: enough for a cart of every line. */
const VARIANTS = Array.from({ length: MAX_LINES + 1 }, (_, i) => ({ id: id(i + 1), sku: `SKU-${i + 1}` }))

type Line = { merchandiseId: string; quantity: number }
const doors = {
  'POST /checkout': (lines: Line[]) => {
    const parsed = checkoutBody.safeParse({ lines })
    return parsed.success ? parsed.data.lines : null
  },
  'a cart permalink': (lines: Line[]) => {
    const list = lines.map((line) => `${line.merchandiseId.split('/').at(-1)}:${line.quantity}`).join(',')
    const held = permalinkLines(list, VARIANTS, 'id')
    return 'lines' in held ? held.lines : null
  },
}

const of = (...quantities: [number, number][]) =>
  quantities.map(([n, quantity]) => ({ merchandiseId: id(n), quantity }))

test.each(Object.keys(doors) as (keyof typeof doors)[])('%s keeps the one rule', (door) => {
  const through = doors[door]
  // Taken, lines of one variant merged.
  expect(through(of([1, MAX_QUANTITY]))).toEqual(of([1, MAX_QUANTITY]))
  expect(through(of([1, 33], [2, 1], [1, 33], [1, 33]))).toEqual(of([1, 99], [2, 1]))
  expect(through(of(...VARIANTS.slice(0, MAX_LINES).map((_, i) => [i + 1, 1] as [number, number])))).toHaveLength(
    MAX_LINES,
  )
  // Refused: over the cap once merged, however it is split.
  expect(through(of([1, 50], [1, 50]))).toBeNull()
  expect(through(of(...Array.from({ length: MAX_LINES }, () => [1, MAX_QUANTITY] as [number, number])))).toBeNull()
  // Refused: more variants than a cart holds, and no lines at all.
  expect(through(of(...VARIANTS.map((_, i) => [i + 1, 1] as [number, number])))).toBeNull()
  expect(through([])).toBeNull()
})

test('what the rule says is wrong', () => {
  expect(cartLines(of([1, 50], [1, 50]))).toEqual({ problems: [`${id(1)} adds up to 100; at most 99 of a variant`] })
  expect(cartLines(of([1, 0]))).toEqual({ problems: [`${id(1)} adds up to 0; at least 1 of a variant`] })
  expect(cartLines([])).toEqual({ problems: ['no lines; a cart holds at least one'] })
  expect(cartLines(of(...VARIANTS.map((_, i) => [i + 1, 1] as [number, number])))).toEqual({
    problems: [`${MAX_LINES + 1} variants; a cart holds at most ${MAX_LINES}`],
  })
})

test('a permalink of a quantity 0, which POST /checkout cannot spell, is refused saying why', () => {
  expect(permalinkLines('1:0', VARIANTS, 'id')).toEqual({
    problem: `This link's items cannot make a cart: ${id(1)} adds up to 0; at least 1 of a variant.`,
  })
  expect(permalinkLines('SKU-2:3', VARIANTS, 'id or sku')).toEqual({ lines: of([2, 3]) })
  expect(permalinkLines('SKU-2:3', VARIANTS, 'id')).toMatchObject({
    problem: expect.stringMatching(/^This link names something/),
  })
})
