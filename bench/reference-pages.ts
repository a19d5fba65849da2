import { readFileSync } from 'node:fs'
import { startEdgeCompression } from './edge-compression.ts'
import { startScriptFreeCopy } from './script-free-copy.ts'

type Shop = { origin: string; fetch(path: string, init?: RequestInit): Promise<Response> }

/** The commit whose pages `pages-before/` holds: the last before the work on the page's own cost (issue 31). */
export const PAGES_BEFORE_COMMIT = '78cd5bb'

/**
 * What the page itself (its script-free copy) is measured against, in the same Lighthouse rounds:
 *
 * - `before`: each page's script-free copy as the shop served it at PAGES_BEFORE_COMMIT, kept in
 *   `pages-before/NAME.html` (scripts already out; `{{cdn}}` stands for the Storefront double's
 *   picture origin, which changes with every run). They were made by building that commit,
 *   fetching each page from it with a phone's User-Agent as the bench does, and taking out its
 *   scripts and module preloads as `script-free-copy.ts` does. A copy that has grown lighter because a
 *   picture it names is gone would flatter the pages measured against it, so every picture it
 *   names must still load.
 * - `one heading`: a document with the page's headers and nothing but one heading in it (Lighthouse
 *   needs something to paint). What committing a navigation costs this machine: no page can cost
 *   less.
 *
 * Both are served like the script-free copy, with the headers the shop sends today, through the
 * edge's compression as every page the bench measures.
 */
export async function startReferencePages(shop: Shop, pages: Record<string, string>, headers: Record<string, string>) {
  const cdnOf = async (path: string) =>
    (await (await shop.fetch(path, { headers })).text()).match(/https?:\/\/[^/"]+(?=\/cdn\/shop\/)/)?.[0]
  const cdn = (await Promise.all(Object.values(pages).map(cdnOf))).find(Boolean)
  if (!cdn) throw new Error('no Storefront picture in any page: cannot place the pictures of the pages before')
  const before = new Map(
    Object.entries(pages).map(([name, path]) => [
      path,
      readFileSync(new URL(`pages-before/${name}.html`, import.meta.url), 'utf8').replaceAll('{{cdn}}', cdn),
    ]),
  )
  for (const [path, html] of before) {
    for (const url of new Set(
      [...html.matchAll(/(?:src|srcSet|imageSrcSet)="([^"]+)"/g)].flatMap((m) =>
        m[1]!
          .replaceAll('&amp;', '&')
          .split(', ')
          .map((entry) => entry.split(' ')[0]!),
      ),
    )) {
      const res = await fetch(new URL(url, shop.origin))
      await res.arrayBuffer()
      if (!res.ok)
        throw new Error(
          `the page before at ${path} names ${url}, which answers ${res.status}: rebuild pages-before/ or bring the picture back`,
        )
    }
  }
  const beforeCopy = await startScriptFreeCopy(
    withChangedHtml(shop, (_, path) => before.get(path)!),
    Object.values(pages),
    headers,
  )
  const oneHeading = await startScriptFreeCopy(
    withChangedHtml(shop, () => ONE_HEADING_HTML),
    ['/'],
    headers,
  )
  const [beforeEdge, oneHeadingEdge] = await Promise.all([
    startEdgeCompression(beforeCopy.origin),
    startEdgeCompression(oneHeading.origin),
  ])
  return {
    beforeOrigin: beforeEdge.origin,
    oneHeadingUrl: `${oneHeadingEdge.origin}/`,
    close() {
      for (const server of [beforeCopy, oneHeading, beforeEdge, oneHeadingEdge]) server.close()
    },
  }
}

/** The shop, each page's HTML changed by `change` on the way out; status and headers as the shop sends them. */
export function withChangedHtml(shop: Shop, change: (html: string, path: string) => string): Shop {
  return {
    origin: shop.origin,
    fetch: async (path, init) => {
      const res = await shop.fetch(path, init)
      return new Response(change(await res.text(), path), { status: res.status, headers: res.headers })
    },
  }
}

const ONE_HEADING_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>Square Snuggles</title></head><body><h1>Square Snuggles</h1></body></html>'
