import { reactRenderer } from '@hono/react-renderer'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env'
import { log } from '../log'
import { Document, type Head } from './document'
import type { PageData } from '../../domain/page-data'

declare module '@hono/react-renderer' {
  /** What every page hands `c.render` besides the app: the document around it. */
  interface Props {
    head: Head
    page: PageData
    styles: string
    modules: string[]
  }
}

/**
 * `c.render(app, document)` for every page, through @hono/react-renderer: the app inside
 * <Document>, streamed with React's renderToReadableStream. Made per request because the
 * stream's options carry this response's CSP nonce.
 */
export const pageRenderer = createMiddleware<AppEnv>((c, next) =>
  reactRenderer(({ children, head, page, styles, modules }) => <Document head={head} page={page} styles={styles} modules={modules}>{children}</Document>, {
    // React 19 writes <!DOCTYPE html> itself for an <html> root.
    stream: { 'Content-Type': 'text/html; charset=utf-8' },
    readableStreamOptions: {
      // React's inline streaming scripts carry the nonce the CSP allows for this response.
      nonce: c.get('secureHeadersNonce'),
      // React outlines a *finished* Suspense boundary once shell + boundary pass this many
      // bytes (12,800 by default), sending the skeleton and a swap script instead of the
      // product. A product that is already here should arrive in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        log(c, 'error', 'render failed', { error })
      },
    },
  })(c, next),
)
