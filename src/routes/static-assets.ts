import { Hono } from 'hono'
import type { AppEnv } from '../app-env'

/**
 * Files from dist/client (the bundle Vite built, plus public/). Bundle files carry a
 * content hash in their name, so they are cached for a year; the rest briefly.
 */
export const staticAssets = new Hono<AppEnv>().get('*', async (c) => {
  // Dot-folders (Vite's .vite/manifest.json) are build metadata, not for shoppers.
  if (c.req.path.split('/').some((part) => part.startsWith('.'))) return c.notFound()
  const asset = await c.env.ASSETS.fetch(c.req.raw)
  if (asset.status === 404) return c.notFound()
  const response = new Response(asset.body, asset)
  if (response.ok) {
    response.headers.set(
      'Cache-Control',
      c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    )
  }
  return response
})
