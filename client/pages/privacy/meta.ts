import { SHOP_NAME } from '../../content/shop'
import type { PageMeta } from '../page-meta'

export const meta: PageMeta = {
  head: ({ address }) => ({
    title: `Privacy Policy – ${SHOP_NAME}`,
    description: `How ${SHOP_NAME} handles your data.`,
    canonical: address('/privacy'),
  }),
  sitemap: ['/privacy'],
}
