import { SHOP_NAME, TAGLINE } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'

export const meta: PageMeta = {
  status: 404,
  head: () => ({ title: `Page not found – ${SHOP_NAME}`, description: TAGLINE }),
}
