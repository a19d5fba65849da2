import { SHOP_NAME } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'

export const meta: PageMeta = {
  head: ({ address }) => ({
    title: `Privacy Policy – ${SHOP_NAME}`,
    description: `How ${SHOP_NAME} handles your data.`,
    canonical: address('/privacy'),
  }),
  sitemap: ['/privacy'],
}
