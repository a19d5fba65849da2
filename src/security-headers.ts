import type { Context } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { readConfig } from './config'
import { START_APP_SCRIPT_HASH } from './render/start-app'

/** The shop's own Shopify origin: its images (the local double serves them). */
function storeOrigin(c: Context): string {
  try {
    return readConfig(c.env).storefront.origin
  } catch {
    return '' // a misconfigured Worker answers its error page; the policy just omits the shop
  }
}

/**
 * Where a checkout form may go. Chromium checks form-action on every redirect after a form
 * post, and Shopify's checkoutUrl is on the shop's primary domain, often a checkout domain
 * of its own (CHECKOUT_DOMAIN), not on checkout.shopify.com.
 */
function checkoutOrigins(c: Context): string {
  try {
    return readConfig(c.env).checkoutOrigins.join(' ')
  } catch {
    return ''
  }
}

/**
 * Security headers on every response: pages, errors, /checkout and static files alike.
 * Scripts run only from this origin, with this response's nonce (React's streaming swaps
 * carry it; a page served from the HTML cache has none of those) or as the one script whose
 * hash is listed (the app's starter), so no 'unsafe-inline' or 'unsafe-eval' for scripts.
 * Inline styles are allowed: the stylesheet is inlined for first paint and the toasts
 * style themselves.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, START_APP_SCRIPT_HASH],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https://cdn.shopify.com', storeOrigin],
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
