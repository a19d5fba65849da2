import { SHOP_NAME } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'

export const meta: PageMeta = {
  head: ({ address }) => ({
    title: `About – ${SHOP_NAME}`,
    description: `Who makes ${SHOP_NAME} blankets, and why.`,
    canonical: address('/about'),
  }),
  sitemap: ['/about'],
}
