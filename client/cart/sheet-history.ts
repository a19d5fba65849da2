/**
 * The sheet's step of history (CartDrawer.tsx, `useBackCloses`): opening the sheet adds an
 * entry (same page, same address) whose state says so, and Back takes it, as Back closes a
 * phone app's sheet. Closed any other way, the sheet takes its entry back off, which leaves it
 * as the forward entry: Forward onto it opens the sheet again (client/browser/cart-door.ts),
 * also on a page the browser loaded anew, whose drawer code has not come yet. So every Back
 * and Forward changes what the shopper sees.
 */
export const SHEET_STATE = { cartSheet: true } as const

export const isSheetEntry = (state: unknown) => Boolean((state as { cartSheet?: boolean } | null)?.cartSheet)
