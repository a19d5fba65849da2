import { createMiddleware } from 'hono/factory'
import { secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from './app-env.ts'
import { configOrNull, type Config } from './config.ts'
import { START_APP_SCRIPT_HASH } from './render/start-app.ts'

/**
 * The Content-Security-Policy, as a value. Scripts run only from this origin, as the one
 * script whose hash is listed (the app's starter), or with `nonce`, which only a page no
 * cache keeps is given (React's streaming swaps carry it; a shared page streams none). So
 * no 'unsafe-inline' or 'unsafe-eval' for scripts. Inline styles are allowed: the
 * stylesheet is inlined for first paint and the toasts style themselves.
 *
 * Images may come from Shopify's CDN and the store's own origin (the local double serves
 * them). Forms may go to Shopify's checkout: Chromium checks form-action on every redirect
 * after a form post, and Shopify's checkoutUrl is on the shop's primary domain, often a
 * checkout domain of its own (CHECKOUT_DOMAIN), not on checkout.shopify.com.
 */
export function contentSecurityPolicy(config: Config | null, nonce?: string): string {
  const directives: [string, ...(string | undefined | false)[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", nonce && `'nonce-${nonce}'`, START_APP_SCRIPT_HASH],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'https://cdn.shopify.com', config?.storefront.origin],
    ['connect-src', "'self'"],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", 'https://checkout.shopify.com', ...(config?.checkoutOrigins ?? [])],
  ]
  return directives.map((directive) => directive.filter(Boolean).join(' ')).join('; ')
}

/** A nonce for one response's CSP: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

/**
 * Security headers on every answer of the Worker's: pages, errors, /checkout (static files,
 * served without it, get theirs from public/_headers). A page sets its own CSP
 * (render-page.tsx); every other answer gets the policy without a nonce, since it runs no
 * inline script.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  let ownReferrerPolicy: string | null = null
  await otherSecurityHeaders(c, async () => {
    await next()
    // A door to Shopify (src/routes/doors.ts) sends no referrer at all; secureHeaders would overwrite it.
    ownReferrerPolicy = c.res.headers.get('Referrer-Policy')
  })
  if (ownReferrerPolicy) c.res.headers.set('Referrer-Policy', ownReferrerPolicy)
  if (!c.res.headers.has('Content-Security-Policy'))
    c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(configOrNull(c.env)))
})

const otherSecurityHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
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
