import type { MerchantReturnPolicy, OfferShippingDetails, Product as SchemaProduct, WithContext } from 'schema-dts'
import { HANDLING_DAYS, zoneOf, type Zone } from '../content/delivery.ts'
import { RETURN_DAYS } from '../content/policies.ts'
import { productDetails } from '../content/product-details.ts'
import { SHOP_NAME } from '../content/shop.ts'
import type { Product } from '../model/product.ts'

/** Where the shop ships (Shopify's `shop.shipsToCountries`). */
export type ShippingTerms = { countries: string[] }

type Where = {
  /** The product page's address, the one page that describes the product alone. */
  productUrl: string
  /** The page this data is on, where the offer can be taken up. */
  pageUrl: string
  /** The Terms page, which says what may be returned. */
  termsUrl: string
  shipping: ShippingTerms
  /** Whether the price includes tax (VAT, GST) in the page's market; unknown when the store's markets are. */
  taxIncluded?: boolean | undefined
}

/**
 * The product as Google's merchant listings and product snippets read it (schema.org
 * Product), for the pages that sell it: its one offer (the first variant, which the buy
 * buttons add), shipping included, and the return policy of the Terms. Every property
 * Google's docs mark required or recommended is here or, where it does not apply, named in
 * test/worker/structured-data.test.ts with the reason.
 */
export function productStructuredData(
  product: Product,
  { productUrl, pageUrl, termsUrl, shipping, taxIncluded }: Where,
): WithContext<SchemaProduct> {
  const variant = product.variants[0]
  const price = variant?.price ?? product.priceRange.minVariantPrice
  const size = variant?.selectedOptions.find((option) => option.name === 'Size')?.value
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    // One product, whichever page it is read on.
    '@id': `${productUrl}#product`,
    name: product.title,
    description: product.description,
    url: productUrl,
    image: product.images.map((image) => image.url),
    // A store that names no vendor for the product.
    brand: { '@type': 'Brand', name: product.vendor || SHOP_NAME },
    // The id Shopify gives the variant the offer is for, which a cart permalink and cartCreate take.
    ...(variant && { productID: variant.id }),
    ...(variant?.sku && { sku: variant.sku }),
    ...(variant?.barcode && { gtin: variant.barcode }),
    ...(size && { size }),
    material: detail('Material'),
    // Not for unsupervised use under 12 months (the Terms, 'Liability').
    audience: { '@type': 'PeopleAudience', suggestedMinAge: 1 },
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: price.amount,
      priceCurrency: price.currencyCode,
      // The same price, saying whether tax is in it (schema.org PriceSpecification), as the page says beside it.
      ...(taxIncluded !== undefined && {
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: price.amount,
          priceCurrency: price.currencyCode,
          valueAddedTaxIncluded: taxIncluded,
        },
      }),
      availability: variant?.availableForSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: shippingDetails(price.currencyCode, shipping),
      hasMerchantReturnPolicy: returnPolicy(termsUrl, shipping.countries),
    },
  }
}

/**
 * Shipping is in the price: a rate of 0 to each country, made in HANDLING_DAYS, then carried
 * in its zone's transit days (content/delivery.ts; the pages say the same in 'Shipping and
 * returns'): one entry per zone the shop ships to, naming its countries.
 */
function shippingDetails(currency: string, { countries }: ShippingTerms): OfferShippingDetails[] {
  const zones = new Map<Zone, string[]>()
  for (const country of countries) zones.set(zoneOf(country), [...(zones.get(zoneOf(country)) ?? []), country])
  return [...zones].map(([zone, destinations]) => ({
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: 0, currency },
    shippingDestination: destinations.map((addressCountry) => ({ '@type': 'DefinedRegion', addressCountry })),
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: {
        '@type': 'QuantitativeValue',
        minValue: HANDLING_DAYS.min,
        maxValue: HANDLING_DAYS.max,
        unitCode: 'DAY',
      },
      transitTime: {
        '@type': 'QuantitativeValue',
        minValue: zone.transit.min,
        maxValue: zone.transit.max,
        unitCode: 'DAY',
      },
    },
  }))
}

/**
 * Returns within RETURN_DAYS, by mail with a prepaid label, free, for a blanket that came
 * damaged or defective, from every country it ships to (content/policies.ts, RETURNS: the
 * Terms and the pages say it; 'a replacement or a full refund'; no returns for a change of mind).
 */
function returnPolicy(termsUrl: string, countries: string[]): MerchantReturnPolicy {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: countries,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_DAYS,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/FreeReturn',
    itemCondition: 'https://schema.org/DamagedCondition',
    refundType: 'https://schema.org/FullRefund',
    merchantReturnLink: termsUrl,
  }
}

const detail = (label: string) => productDetails.find((fact) => fact.label === label)?.value
