import { SHOP_NAME } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'

export const meta: PageMeta = {
  head: ({ address }) => ({
    title: `Terms of Use – ${SHOP_NAME}`,
    description: `The terms for buying from ${SHOP_NAME}.`,
    canonical: address('/terms'),
  }),
  sitemap: ['/terms'],
}
