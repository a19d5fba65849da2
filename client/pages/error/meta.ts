import { SHOP_NAME, TAGLINE } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'

export const meta: PageMeta = {
  status: 500,
  head: () => ({ title: `Unexpected Application Error! – ${SHOP_NAME}`, description: TAGLINE }),
}
