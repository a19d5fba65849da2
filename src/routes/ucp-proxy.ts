/**
 * What the UCP proxies (ucp.ts) do with an agent's request and Shopify's answer, apart from
 * the fetch between them: pure, so an outsider's every input is tested without a Worker
 * (test/unit/ucp-proxy.test.ts) and mutated by StrykerJS. The rules and their sources are
 * ucp.ts's.
 */
export const UCP_PATH = '/.well-known/ucp'
export const UCP_MCP_PATH = '/api/ucp/mcp'

import { readAtMost } from '../read-at-most.ts'
import { profileProblem } from './ucp-profile-schema.ts'

const PASSED_ON = ['Content-Type', 'ETag', 'Last-Modified']
const VALIDATORS = ['If-None-Match', 'If-Modified-Since']
const STALE_IF_ERROR_SECONDS = 300
/** Far above any profile; a bigger answer is not a profile. */
export const MAX_PROFILE_BYTES = 256 * 1024

/** What Shopify is asked with for the profile: JSON, and the agent's validators, nothing else of theirs. */
export function profileRequestHeaders(agent: Headers): Headers {
  const asked = new Headers({ Accept: 'application/json' })
  for (const name of VALIDATORS) {
    const value = agent.get(name)
    if (value) asked.set(name, value)
  }
  return asked
}

/** Why Shopify's answer is not passed on: the status the agent gets, and the log line that says why. */
export type Refusal = {
  status: 404 | 502
  level: 'warn' | 'error'
  message: string
  fields: Record<string, unknown>
}

/**
 * Shopify's answer to the profile request, as the agent gets it, or why not: its body read at
 * most MAX_PROFILE_BYTES, and passed on only if it is a business profile (ucp-profile-schema.ts)
 * and, asked for `askedVersion`, that version's.
 */
export async function profileAnswer(
  upstream: Response,
  cacheSeconds: number,
  askedVersion: string | null = null,
): Promise<Response | Refusal> {
  const cacheControl = `public, max-age=${cacheSeconds}, stale-if-error=${STALE_IF_ERROR_SECONDS}`
  if (upstream.status === 304) return new Response(null, { status: 304, headers: passedOn(upstream, cacheControl) })
  const refusal = refusalOf(upstream)
  if (refusal) {
    await upstream.body?.cancel()
    return refusal
  }
  const body = await readAtMost(upstream, MAX_PROFILE_BYTES)
  if (!body)
    return {
      status: 502,
      level: 'error',
      message: 'UCP profile too large',
      fields: { maxBytes: MAX_PROFILE_BYTES, contentLength: upstream.headers.get('Content-Length') },
    }
  let parsed: unknown
  try {
    parsed = JSON.parse(await body.text())
  } catch {
    return { status: 502, level: 'error', message: 'UCP profile is not JSON', fields: { contentType: 'unparsable' } }
  }
  const problem = profileProblem(parsed, askedVersion)
  if (problem)
    return { status: 502, level: 'error', message: 'UCP profile is not a business profile', fields: { problem } }
  return new Response(body, { status: 200, headers: passedOn(upstream, cacheControl) })
}

function refusalOf(upstream: Response): Refusal | null {
  if (upstream.status >= 300 && upstream.status < 400)
    return {
      status: 502,
      level: 'error',
      message: 'UCP profile redirected by Shopify: not followed',
      fields: { status: upstream.status, location: upstream.headers.get('Location') },
    }
  // A store without a profile has none here either; any other failure is Shopify's.
  if (!upstream.ok)
    return upstream.status === 404
      ? { status: 404, level: 'warn', message: 'UCP profile not served by Shopify', fields: { status: 404 } }
      : {
          status: 502,
          level: 'error',
          message: 'UCP profile not served by Shopify',
          fields: { status: upstream.status },
        }
  const type = upstream.headers.get('Content-Type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type))
    return { status: 502, level: 'error', message: 'UCP profile is not JSON', fields: { contentType: type } }
  return null
}

function passedOn(upstream: Response, cacheControl: string): Headers {
  const headers = new Headers({ 'Cache-Control': cacheControl })
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}

/** The request headers an agent's UCP call over MCP needs at Shopify: the body's type, and UCP's own. */
const MCP_PASSED = [
  'Content-Type',
  'Accept',
  'MCP-Protocol-Version',
  'UCP-Agent',
  'Request-Id',
  'Idempotency-Key',
  'Request-Signature',
  'Signature',
  'Signature-Input',
  'Content-Digest',
]
/** Far above a JSON-RPC call for one cart: a bigger body is refused before Shopify is asked. */
export const MCP_MAX_BODY_BYTES = 64 * 1024

/** What goes to Shopify with an agent's MCP call: the body's type and UCP's headers, never cookies or authorization. */
export function mcpRequestHeaders(agent: Headers): Headers {
  const headers = new Headers()
  for (const name of MCP_PASSED) {
    const value = agent.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}

/** Shopify's MCP answer as the agent gets it: its status, type and body, the caller's alone (`private, no-store`). */
export function mcpAnswer(upstream: Response): Response {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  const type = upstream.headers.get('Content-Type')
  if (type) headers.set('Content-Type', type)
  return new Response(upstream.body, { status: upstream.status, headers })
}
