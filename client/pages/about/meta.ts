import { SHOP_NAME } from '../../content/shop'
import type { PageMeta } from '../page-meta'

export const meta: PageMeta = {
  head: ({ address }) => ({
    title: `About – ${SHOP_NAME}`,
    description: `Who makes ${SHOP_NAME} blankets, and why.`,
    canonical: address('/about'),
  }),
  sitemap: ['/about'],
}
