/** How much one cart may hold; the browser and POST /checkout enforce the same. */
export const MAX_QUANTITY = 99
export const MAX_LINES = 100
