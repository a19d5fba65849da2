// Two things the app takes from React that React does not document. If React changes
// either, these fail before a shopper sees the difference.
import { Suspense, use } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { deferredSection, preloadSections, staticSection } from '../../client/lib/deferred-section.tsx'
import { fulfilled, settling } from '../../client/lib/thenable.ts'

function Read({ value }: { value: PromiseLike<string> }) {
  return <p>{use(value)}</p>
}

// The product the server cached, or the browser read from the page, renders at once.
test('use() reads a promise whose status is fulfilled without suspending', () => {
  const html = renderToString(
    <Suspense fallback={<p>waiting</p>}>
      <Read value={fulfilled('the blanket')} />
    </Suspense>,
  )
  expect(html).toContain('the blanket')
  expect(html).not.toContain('waiting')
  // The same value in a plain promise suspends: the status fields are what make the difference.
  expect(
    renderToString(
      <Suspense fallback={<p>waiting</p>}>
        <Read value={Promise.resolve('the blanket')} />
      </Suspense>,
    ),
  ).toContain('waiting')
})

test('a tracked promise is read without suspending once it has settled', async () => {
  const value = settling(Promise.resolve('the blanket'))
  await value
  expect(
    renderToString(
      <Suspense fallback={<p>waiting</p>}>
        <Read value={value} />
      </Suspense>,
    ),
  ).toContain('the blanket')
})

// The server renders every section whole once preloadSections has run; the browser test
// '… shows every section as served while its code is held back, then hydrates it' shows the
// other half, that hydration keeps the server's HTML until the code comes.
test('a preloaded section renders on the server without a fallback', async () => {
  const Section = deferredSection(async () => () => <p>the story</p>)
  await preloadSections()
  expect(renderToString(<Section />)).toContain('the story')
})

// A static section is whole in the server's HTML, in a wrapper layout does not see; the
// browser test '… keeps every static section as served and never fetches its code' shows
// that hydration keeps it and that its code is never fetched.
test('a static section renders whole on the server, in a display: contents wrapper', async () => {
  const Section = staticSection(async () => () => <p>the characters</p>)
  await preloadSections()
  expect(renderToString(<Section />)).toBe('<div class="contents"><p>the characters</p></div>')
})
