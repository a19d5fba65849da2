/** '1 item in your cart', '3 items in your cart'. */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'} in your cart`
}
