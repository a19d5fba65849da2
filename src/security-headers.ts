import type { Context } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { configOrNull } from './config'
import { START_APP_SCRIPT_HASH } from './render/start-app'

/** The shop's own Shopify origin: its images (the local double serves them). */
const shopifyOrigin = (c: Context) => configOrNull(c.env)?.storefront.origin ?? ''

/**
 * Where a checkout form may go. Chromium checks form-action on every redirect after a form
 * post, and Shopify's checkoutUrl is on the shop's primary domain, often a checkout domain
 * of its own (CHECKOUT_DOMAIN), not on checkout.shopify.com.
 */
const checkoutOrigins = (c: Context) => configOrNull(c.env)?.checkoutOrigins.join(' ') ?? ''

/**
 * Security headers on every answer of the Worker's: pages, errors, /checkout (static files,
 * served without it, get theirs from public/_headers). Scripts run only from this origin,
 * with this response's nonce (React's streaming swaps carry it; a page a cache may keep has
 * none of those, and render/page-cache.ts drops the nonce) or as the one script whose hash
 * is listed (the app's starter), so no 'unsafe-inline' or 'unsafe-eval' for scripts.
 * Inline styles are allowed: the stylesheet is inlined for first paint and the toasts
 * style themselves.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, START_APP_SCRIPT_HASH],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https://cdn.shopify.com', shopifyOrigin],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", 'https://checkout.shopify.com', checkoutOrigins],
  },
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
})
