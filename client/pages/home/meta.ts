import { LANDING_PRODUCT_HANDLE } from '../../model/product-result.ts'
import { SHOP_NAME, TAGLINE } from '../../content/shop.ts'
import { FIRST_VIEW_ID } from '../../lib/element-ids.ts'
import type { PageMeta } from '../page-meta.ts'
import { productStructuredData } from '../product-structured-data.ts'
import { shopShareImage } from '../share-image.ts'

export const meta: PageMeta = {
  product: () => LANDING_PRODUCT_HANDLE,
  // Without its product the landing page still sells: the Order button says so.
  missingStatus: 200,
  head: ({ product, address, shipping }) => ({
    title: `${SHOP_NAME} – the square animal fleece blanket`,
    description: TAGLINE,
    canonical: address('/'),
    image: shopShareImage(address),
    // The hero, whose order button is the first thing a shopper may tap.
    firstView: FIRST_VIEW_ID,
    // The page sells the product ('$38, shipping included'), so it carries it too; without
    // the product it says nothing it cannot stand behind.
    ...(product?.status === 'found' && {
      jsonLd: productStructuredData(product.product, {
        productUrl: address(`/product/${encodeURIComponent(product.product.handle)}`),
        pageUrl: address('/'),
        termsUrl: address('/terms'),
        shipping,
        taxIncluded: product.market?.taxIncluded,
      }),
    }),
  }),
  sitemap: ['/'],
}
