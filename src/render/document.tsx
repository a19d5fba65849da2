import type { ReactNode } from 'react'
import { jsonForScript } from '../../client/lib/json-script'
import { PAGE_DATA_ID, type PageData } from '../../client/page-data'
import { clientAssets } from './assets'

export type Head = { title: string; description: string; canonical?: string; noindex?: boolean }

/** The HTML around the app; rendered on the server only (the browser hydrates #root). */
export function Document({ head, page, children }: { head: Head; page: PageData; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.noindex && <meta name="robots" content="noindex" />}
        {clientAssets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script type="application/json" id={PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(page) }} />
      </body>
    </html>
  )
}
