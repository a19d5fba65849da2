import { SHOP_NAME, TAGLINE } from '../../content/shop'
import type { PageMeta } from '../page-meta'

export const meta: PageMeta = {
  status: 404,
  head: () => ({ title: `Page not found – ${SHOP_NAME}`, description: TAGLINE }),
}
