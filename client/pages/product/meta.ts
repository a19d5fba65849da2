import { LANDING_PRODUCT_HANDLE, PRODUCT_HANDLE as HANDLE } from '../../model/product-result.ts'
import { SHOP_NAME, TAGLINE } from '../../content/shop.ts'
import type { PageMeta } from '../page-meta.ts'
import { productStructuredData } from '../product-structured-data.ts'
import { productShareImage, shopShareImage } from '../share-image.ts'

// A handle that cannot name a product is the page's 'Product not found' view, without asking Shopify.
export const meta: PageMeta = {
  product: ({ handle = '' }) => (HANDLE.test(handle) ? handle : null),
  // `/product/Toddler-Blanket` (a link typed by hand, a shared address) means the handle Shopify writes in lowercase.
  redirect: ({ handle = '' }) =>
    !HANDLE.test(handle) && HANDLE.test(handle.toLowerCase())
      ? `/product/${encodeURIComponent(handle.toLowerCase())}`
      : null,
  missingStatus: 404,
  head: ({ params, product, address, shipping }) => {
    // Built from the route, so `/product/toddler%2Dblanket` names the one address.
    const canonical = address(`/product/${encodeURIComponent(params.handle!)}`)
    if (product?.status !== 'found')
      return { title: `Blanket – ${SHOP_NAME}`, description: TAGLINE, canonical, image: shopShareImage(address) }
    return {
      title: `${product.product.title} – ${SHOP_NAME}`,
      description: product.product.description.slice(0, 160),
      canonical,
      image: productShareImage(address, product.product.images),
      markdown: address(`/product/${encodeURIComponent(params.handle!)}.md`),
      jsonLd: productStructuredData(product.product, {
        productUrl: canonical,
        pageUrl: canonical,
        termsUrl: address('/terms'),
        shipping,
        taxIncluded: product.market?.taxIncluded,
      }),
    }
  },
  // Product pages beyond the one the shop sells are not listed.
  sitemap: [`/product/${LANDING_PRODUCT_HANDLE}`],
}
