import { z } from 'zod'

// What the shop checks of a products/update delivery before it touches anything
// (routes/webhooks.ts): Shopify's signature over the raw body, the delivery id, and the two
// fields it reads of the body, which is signed, unlike the headers.

/** The handle, and when the product was updated. */
const productUpdate = z.object({
  handle: z.string().min(1).max(255),
  updated_at: z.iso
    .datetime({ offset: true })
    .transform((at) => Date.parse(at))
    .nullish(),
})

/** How far ahead of the Worker's clock a body's `updated_at` may be before it is a clock error. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60_000

/** Shopify's delivery ids are UUIDs; anything longer or stranger is not Shopify's. */
export const DELIVERY_ID = /^[A-Za-z0-9-]{1,64}$/

/** A body's SHA-256, hex: how a replay at the same second is told from a second edit. */
export async function digestOf(body: ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', body))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
}

/** Base64 HMAC-SHA256 of the raw body, checked with WebCrypto's verify (constant time). */
export async function signedByShopify(
  secret: string,
  body: ArrayBuffer,
  signature: string | undefined,
): Promise<boolean> {
  if (!signature) return false
  let expected: Uint8Array<ArrayBuffer>
  try {
    expected = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
  } catch {
    return false
  }
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify('HMAC', key, expected, body)
}

/**
 * The body's handle and `updated_at` (ms), or what is wrong with it. A body dated more than
 * FUTURE_TOLERANCE_MS ahead is refused as a clock gone wrong (`clock`: the handle and date, for the log),
 * or a forged date that would make every real edit until then 'not newer'.
 */
export function readUpdate(
  body: ArrayBuffer,
): { handle: string; updatedAt: number | null } | { error: string; clock?: { handle: string; updatedAt: string } } {
  let payload: unknown
  try {
    payload = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return { error: 'Webhook body is not JSON' }
  }
  const parsed = productUpdate.safeParse(payload)
  if (!parsed.success) return { error: 'Webhook body has no product handle' }
  const { handle, updated_at: updatedAt = null } = parsed.data
  if (updatedAt && updatedAt > Date.now() + FUTURE_TOLERANCE_MS)
    return {
      error: 'updated_at is more than a day in the future',
      clock: { handle, updatedAt: new Date(updatedAt).toISOString() },
    }
  return { handle, updatedAt }
}
