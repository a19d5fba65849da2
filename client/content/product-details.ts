// The blanket's facts: the landing page's details list and the product page's 'Product Details'.
import { PRODUCTION } from './policies.ts'

export const productDetails: { label: string; value: string }[] = [
  { label: 'Dimensions', value: '30" × 40" (76.2 × 101.6 cm)' },
  { label: 'Material', value: '100% polyester' },
  { label: 'Weight', value: 'Medium-heavy, 290 g/m²' },
  { label: 'Print', value: 'One-sided print' },
  { label: 'Care', value: 'Machine-washable, tumble dry low (max 30°C)' },
  { label: 'Production', value: PRODUCTION },
]
