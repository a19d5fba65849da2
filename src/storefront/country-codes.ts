/**
 * Every value of the Storefront API's `CountryCode` enum (of the pinned version, src/storefront/api-version.ts) but 'ZZ' (unknown region):
 * a country Cloudflare names (`request.cf.country`) is sent to Shopify only if it is one of
 * these, since any other value fails the whole document. Cloudflare's docs (Workers, 'Request',
 * IncomingRequestCfProperties): `country` is an ISO 3166-1 alpha-2 code, 'T1' for a request
 * over Tor, and left out when Cloudflare cannot tell (the CF-IPCountry header's 'XX'); neither
 * 'T1' nor 'XX' is a Shopify country. test/unit/country-codes.test.ts checks the list against
 * the schema.
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  `
  AC AD AE AF AG AI AL AM AN AO AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ
  BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM
  DO DZ EC EE EG EH ER ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT
  GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR
  KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU
  MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PS PT PY
  QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD
  TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VN VU WF WS XK YE
  YT ZA ZM ZW
  `
    .trim()
    .split(/\s+/),
)

/** The request's country as Cloudflare saw it, when Shopify knows it as one; null otherwise. */
export function shopperCountry(request: Request): string | null {
  const country = (request.cf as { country?: unknown } | undefined)?.country
  return typeof country === 'string' && COUNTRY_CODES.has(country) ? country : null
}

/** A country a market's pages may be written for (client/model/market.ts): Shopify's, or ZZ, its unknown region. */
export const isMarketCountry = (country: string) => country === 'ZZ' || COUNTRY_CODES.has(country)
