/** Prices as the shop shows them everywhere: "$38.00". */
export function formatPrice(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount)
  return `$${(Number.isFinite(value) ? value : 0).toFixed(2)}`
}
