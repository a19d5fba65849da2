import { LANDING_PRODUCT_HANDLE } from '../../model/product-result.ts'
import { SHOP_NAME } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'

export const meta: PageMeta = {
  // For the currencies its markets price in (sections.tsx), and the sheet's prices; without
  // Shopify's answer the Terms still stand, in words that name no currency.
  product: () => LANDING_PRODUCT_HANDLE,
  missingStatus: 200,
  unavailableStatus: 200,
  head: ({ address }) => ({
    title: `Terms of Use – ${SHOP_NAME}`,
    description: `The terms for buying from ${SHOP_NAME}.`,
    canonical: address('/terms'),
  }),
  sitemap: ['/terms'],
}
