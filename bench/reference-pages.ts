import { readFileSync } from 'node:fs'
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
 * Both are served like the script-free copy, with the headers the shop sends today.
 */
export async function startReferencePages(shop: Shop, pages: Record<string, string>, headers: Record<string, string>) {
  const served = async (path: string) => shop.fetch(path, { headers })
  const cdnOf = async (path: string) => (await (await served(path)).text()).match(/https?:\/\/[^/"]+(?=\/cdn\/shop\/)/)?.[0]
  const cdn = (await Promise.all(Object.values(pages).map(cdnOf))).find(Boolean)
  if (!cdn) throw new Error('no Storefront picture in any page: cannot place the pictures of the pages before')
  const before = new Map(Object.entries(pages).map(([name, path]) => [path, readFileSync(new URL(`pages-before/${name}.html`, import.meta.url), 'utf8').replaceAll('{{cdn}}', cdn)]))
  for (const [path, html] of before) {
    for (const url of new Set([...html.matchAll(/(?:src|srcSet|imageSrcSet)="([^"]+)"/g)].flatMap((m) => m[1]!.replaceAll('&amp;', '&').split(', ').map((entry) => entry.split(' ')[0]!)))) {
      const res = await fetch(new URL(url, shop.origin))
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`the page before at ${path} names ${url}, which answers ${res.status}: rebuild pages-before/ or bring the picture back`)
    }
  }
  const withBody = (body: (path: string) => string): Shop => ({
    origin: shop.origin,
    fetch: async (path) => {
      const res = await served(path)
      await res.arrayBuffer()
      return new Response(body(path), { status: res.status, headers: res.headers })
    },
  })
  const paths = Object.values(pages)
  const beforeCopy = await startScriptFreeCopy(withBody((path) => before.get(path)!), paths, headers)
  const oneHeading = await startScriptFreeCopy(
    withBody(() => '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>Square Snuggles</title></head><body><h1>Square Snuggles</h1></body></html>'),
    paths.slice(0, 1),
    headers,
  )
  return {
    beforeOrigin: beforeCopy.origin,
    oneHeadingUrl: oneHeading.origin + paths[0],
    close() {
      beforeCopy.close()
      oneHeading.close()
    },
  }
}
