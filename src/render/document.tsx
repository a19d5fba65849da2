// biome-ignore-all lint/security/noDangerouslySetInnerHtml: the document's own JSON (escaped by jsonForScript), the build's CSS and the start script
import type { ReactNode } from 'react'
import { jsonForScript } from '../../client/lib/json-script.ts'
import { PAGE_DATA_ID } from '../../client/lib/element-ids.ts'
import type { PageData } from '../../client/pages/pages.ts'
import type { Head } from '../../client/pages/page-meta.ts'
import { SHOP_NAME } from '../../client/content/shop.ts'
import { START_APP_SCRIPT } from './start-app.ts'
export type { Head }
import { SHARE_HEIGHT, SHARE_WIDTH } from '../../client/lib/pictures.ts'

type DocumentProps = {
  head: Head
  page: PageData
  styles: string
  /** The browser modules the page hydrates with, started by START_APP_SCRIPT. */
  modules: string[]
  children: ReactNode
}

/** The HTML around the app; rendered on the server only (the browser hydrates #root). */
export function Document({ head, page, styles, modules, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.markdown && <link rel="alternate" type="text/markdown" href={head.markdown} />}
        {head.alternates?.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        {head.noindex && <meta name="robots" content="noindex" />}
        <meta property="og:site_name" content={SHOP_NAME} />
        <meta property="og:type" content={head.jsonLd ? 'product' : 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        {head.canonical && <meta property="og:url" content={head.canonical} />}
        {head.image && <meta property="og:image" content={head.image} />}
        {head.image && <meta property="og:image:width" content={String(SHARE_WIDTH)} />}
        {head.image && <meta property="og:image:height" content={String(SHARE_HEIGHT)} />}
        <meta name="twitter:card" content="summary_large_image" />
        {head.jsonLd && (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(head.jsonLd) }} />
        )}
        {head.firstView && <link rel="expect" href={`#${head.firstView}`} blocking="render" />}
        <style dangerouslySetInnerHTML={{ __html: styles }} />
        {/* In the head, so a buy tap is held from the first paint on (start-app.ts). */}
        <script data-modules={JSON.stringify(modules)} dangerouslySetInnerHTML={{ __html: START_APP_SCRIPT }} />
      </head>
      <body>
        <div id="root">{children}</div>
        <script type="application/json" id={PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(page) }} />
      </body>
    </html>
  )
}
