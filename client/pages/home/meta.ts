import { LANDING_PRODUCT_HANDLE } from '../../model/product-result'
import { SHOP_NAME, TAGLINE } from '../../content/shop'
import type { PageMeta } from '../page-meta'
import { shopShareImage } from '../share-image'

export const meta: PageMeta = {
  product: () => LANDING_PRODUCT_HANDLE,
  // Without its product the landing page still sells: the Order button says so.
  missingStatus: 200,
  head: ({ address }) => ({
    title: `${SHOP_NAME} – the square animal fleece blanket`,
    description: TAGLINE,
    canonical: address('/'),
    image: shopShareImage(address),
  }),
  sitemap: ['/'],
}
