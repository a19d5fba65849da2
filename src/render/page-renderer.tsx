import { reactRenderer } from '@hono/react-renderer'
import { createMiddleware } from 'hono/factory'
import type { RenderToReadableStreamOptions } from 'react-dom/server'
import type { AppEnv } from '../app-env.ts'
import { log } from '../log.ts'
import { Document, type Head } from './document.tsx'
import type { PageData } from '../../client/pages/pages.ts'

declare module '@hono/react-renderer' {
  /** What every page hands `c.render` besides the app: the document around it. */
  interface Props {
    head: Head
    page: PageData
    styles: string
    modules: string[]
    /** This response's CSP nonce; only a page no cache shares has one. */
    nonce: string | undefined
  }
}

/**
 * `c.render(app, document)` for every page, through @hono/react-renderer: the app inside
 * <Document>, streamed with React's renderToReadableStream. Made per request because the
 * stream's options carry this response's CSP nonce, which renderPage hands `c.render`: the
 * renderer calls the document component before it starts React's stream, so the nonce is
 * in the options by then.
 */
export const pageRenderer = createMiddleware<AppEnv>((c, next) => {
  const streamOptions: RenderToReadableStreamOptions = {
    // React outlines a *finished* Suspense boundary once shell + boundary pass this many
    // bytes (12,800 by default), sending the skeleton and a swap script instead of the
    // product. A product that is already here should arrive in place.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      log(c, 'error', 'render failed', { error })
    },
  }
  return reactRenderer(
    ({ children, head, page, styles, modules, nonce }) => {
      // React's inline streaming scripts carry the nonce the CSP allows for this response.
      streamOptions.nonce = nonce
      return (
        <Document head={head} page={page} styles={styles} modules={modules}>
          {children}
        </Document>
      )
    },
    // React 19 writes <!DOCTYPE html> itself for an <html> root.
    { stream: { 'Content-Type': 'text/html; charset=utf-8' }, readableStreamOptions: streamOptions },
  )(c, next)
})
