import type { z } from 'zod'
import type { StorefrontConfig } from '../config.ts'
import { logLine } from '../log-line.ts'
import { readAtMost } from '../read-at-most.ts'
import { API_VERSION, API_VERSION_HEADER } from './api-version.ts'

/** Far above any answer the shop's queries can produce; anything bigger is refused unread. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024

/** Every failure of a Storefront call. `message` is the text shown or logged (docs/product.md, 'Error messages'). */
export class StorefrontError extends Error {
  override name = 'StorefrontError'
  constructor(
    message: string,
    readonly kind: 'billing' | 'http' | 'graphql' | 'user' | 'shape' | 'timeout' | 'network',
    readonly status?: number,
  ) {
    super(message)
  }
}

export type StorefrontRequest<T> = {
  query: string
  variables: Record<string, unknown>
  /** zod schema of the `data` field; the answer is rejected unless it matches. */
  data: z.ZodType<T>
  /** The shopper's IP, forwarded with a private token so Shopify can rate-limit per buyer. */
  buyerIp?: string | null
  /** Told the version Shopify answered with (`X-Shopify-API-Version`), null when it named none. */
  answeredVersion?: (version: string | null) => void
}

/** Versions other than API_VERSION that answered this isolate, each logged once. */
const fallenForwardTo = new Set<string>()

/**
 * Shopify names the version that answered on every answer; another than the one asked for
 * means it no longer serves that one and fell forward (api-version.ts). Logged once per
 * version per isolate; the scheduled check tells the owner (monitoring/storefront-api-version.ts).
 */
function readAnsweredVersion(response: Response, request: StorefrontRequest<unknown>) {
  const answered = response.headers.get(API_VERSION_HEADER)
  request.answeredVersion?.(answered)
  if (!answered || answered === API_VERSION || fallenForwardTo.has(answered)) return
  fallenForwardTo.add(answered)
  logLine('warn', 'Shopify answered with another Storefront API version than the one asked for', {
    asked: API_VERSION,
    answered,
  })
}

function headersFor(config: StorefrontConfig, buyerIp?: string | null): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' })
  if (config.token.kind === 'private') {
    headers.set('Shopify-Storefront-Private-Token', config.token.value)
    if (buyerIp) headers.set('Shopify-Storefront-Buyer-IP', buyerIp)
  } else {
    headers.set('X-Shopify-Storefront-Access-Token', config.token.value)
  }
  return headers
}

/** One POST to the Storefront GraphQL API, with a timeout, the shop's error messages and a validated answer. */
export async function storefrontFetch<T>(config: StorefrontConfig, request: StorefrontRequest<T>): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${config.origin}/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: headersFor(config, request.buyerIp),
      body: JSON.stringify({ query: request.query, variables: request.variables }),
      signal: AbortSignal.timeout(config.timeoutMs),
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new StorefrontError(`Shopify did not answer within ${config.timeoutMs} ms`, 'timeout')
    }
    throw new StorefrontError(`Could not reach Shopify: ${(error as Error).message}`, 'network')
  }

  readAnsweredVersion(response, request)
  if (response.status === 402) {
    throw new StorefrontError('Shopify API access requires an active billing plan', 'billing', 402)
  }
  if (!response.ok) {
    throw new StorefrontError(`HTTP error! status: ${response.status}`, 'http', response.status)
  }

  let body: unknown
  try {
    const text = await readAtMost(response, MAX_ANSWER_BYTES)
    if (!text)
      throw new StorefrontError(`Shopify answered with more than ${MAX_ANSWER_BYTES} bytes`, 'shape', response.status)
    body = JSON.parse(await text.text())
  } catch (error) {
    // A body cut off while it streams is as unreadable as one that is not JSON.
    if (error instanceof StorefrontError) throw error
    throw new StorefrontError('Shopify answered with a body that is not JSON', 'shape', response.status)
  }

  const errors = (body as { errors?: unknown } | null)?.errors
  if (Array.isArray(errors) && errors.length > 0) {
    const messages = errors.map((e) => String((e as { message?: unknown })?.message ?? e))
    throw new StorefrontError(`Error calling Shopify: ${messages.join(', ')}`, 'graphql', response.status)
  }

  const data = request.data.safeParse((body as { data?: unknown } | null)?.data)
  if (!data.success) {
    const where = data.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || 'data'}: ${i.message}`)
      .join('; ')
    throw new StorefrontError(`Unexpected answer from Shopify (${where})`, 'shape', response.status)
  }
  return data.data
}
