// The page's starter as it ships (built from client/starter/ by the same plugin as the
// browser build), run in happy-dom through the protocol it shares with the app
// (client/starter/protocol.ts): taps held, a second tap adding nothing, `fail`, the reload guard.
import { createHash } from 'node:crypto'
import { Window, type Response } from 'happy-dom'
import starter from 'starter-script'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { HeldTaps } from '../../client/starter/protocol.ts'
import { BUY_FORM_ID } from '../../client/lib/element-ids.ts'
import { START_APP_SCRIPT, START_APP_SCRIPT_HASH } from '../../src/render/start-app.ts'

const pages: Window[] = []
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.happyDOM.close()))
})

type Answer = 'ok' | 'gone' | 'refused'
const answered = { ok: 200, gone: 404 } as const

/**
 * A page with a buy button and a cart button, its starter run as a browser runs it. The app's
 * modules are held on the way (`modules: 'held'`, the tests call the protocol's `fail`
 * themselves) or missing; the server answers the starter's question about its entry with `entry`.
 */
function pageWithStarter({ modules = 'held', entry = 'ok' }: { modules?: 'held' | 'missing'; entry?: Answer } = {}) {
  const asked: string[] = []
  const window: Window = new Window({
    url: 'https://shop.test/',
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
      fetch: {
        interceptor: {
          beforeAsyncRequest: async ({ request, window: page }): Promise<Response> => {
            asked.push(`${request.method} ${new URL(request.url).pathname}`)
            if (request.method === 'GET')
              return modules === 'held' ? new Promise(() => {}) : new page.Response('', { status: 404 })
            if (entry === 'refused') throw new TypeError('NetworkError')
            return new page.Response(null, { status: answered[entry] })
          },
        },
      },
    },
  })
  pages.push(window)
  const { document } = window
  document.body.innerHTML = `<form id="${BUY_FORM_ID}" method="post" action="/checkout"></form><button data-hold="buy:toast" form="${BUY_FORM_ID}">Add to Cart</button><button data-hold="cart">Cart</button>`
  const reload = vi.fn()
  Object.defineProperty(window.location, 'reload', { value: reload })
  /** Clicks that went through to the page: not held by the starter. */
  const through: string[] = []
  document.addEventListener('click', (event) => {
    if (!event.defaultPrevented) through.push((event.target as unknown as HTMLElement).textContent ?? '')
  })
  document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault())
  const script = document.createElement('script')
  script.dataset.modules = JSON.stringify(['/assets/entry-1.js', '/assets/product-page-1.js'])
  script.textContent = START_APP_SCRIPT
  document.head.appendChild(script)
  const taps = (window as unknown as { __heldTaps: HeldTaps }).__heldTaps
  const [buy, cart] = [...document.querySelectorAll('button')] as unknown as HTMLElement[]
  return { window, document, taps, buy: buy!, cart: cart!, reload, through, asked }
}

test("the CSP's hash is the hash of the bytes the page inlines, and they cannot end their <script> early", () => {
  expect(START_APP_SCRIPT).toBe(starter.script)
  expect(START_APP_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`)
  expect(START_APP_SCRIPT).not.toContain('<')
})

describe('the starter', () => {
  test('marks the document as running scripts, and holds a tap on a control not yet live: it says it heard, and a second tap adds nothing', () => {
    const { document, taps, buy, through } = pageWithStarter()
    expect(document.documentElement.hasAttribute('data-js')).toBe(true)
    buy.click()
    expect(buy.getAttribute('aria-busy')).toBe('true')
    expect(taps.held).toEqual([buy])
    buy.click()
    expect(taps.held).toEqual([buy])
    expect(through).toEqual([])
  })

  test('a control the app made live is not held, and once the app can run a tap, a tap goes to it at once', () => {
    const { taps, buy, cart, through } = pageWithStarter()
    cart.setAttribute('data-live', '')
    cart.click()
    expect(through).toEqual(['Cart'])
    const taken: HTMLElement[] = []
    taps.take = (control) => taken.push(control) > 0
    buy.click()
    expect(taken).toEqual([buy])
    expect(taps.held).toEqual([])
  })

  test('`fail` lets go of every held tap: a held buy tap goes through the buy form, once, and later taps are not held', () => {
    const { document, taps, buy, cart, through } = pageWithStarter()
    cart.click()
    buy.click()
    taps.fail()
    expect(taps.held).toEqual([])
    expect(buy.hasAttribute('aria-busy')).toBe(false)
    expect(cart.hasAttribute('aria-busy')).toBe(false)
    expect(through).toEqual(['Add to Cart'])
    expect(document.documentElement.hasAttribute('data-js')).toBe(false)
    taps.fail()
    cart.click()
    expect(through).toEqual(['Add to Cart', 'Cart'])
  })

  test('`fail` while the shopper is leaving buys nothing; a press back in the page says they stayed', () => {
    const left = pageWithStarter()
    left.buy.click()
    left.window.dispatchEvent(new left.window.Event('beforeunload'))
    left.taps.fail()
    expect(left.through).toEqual([])

    const stayed = pageWithStarter()
    stayed.buy.click()
    stayed.window.dispatchEvent(new stayed.window.Event('beforeunload')) // a mailto: link, handed to the mail app
    stayed.document.dispatchEvent(new stayed.window.PointerEvent('pointerdown', { bubbles: true }))
    stayed.taps.fail()
    expect(stayed.through).toEqual(['Add to Cart'])
  })

  test('`reload` reloads only once the server says this version is gone (its entry answers 404), and then once per tab', async () => {
    const gone = pageWithStarter({ entry: 'gone' })
    await expect(gone.taps.reload()).resolves.toBe(true)
    expect(gone.asked).toContain('HEAD /assets/entry-1.js')
    expect(gone.reload).toHaveBeenCalledTimes(1)
    await expect(gone.taps.reload()).resolves.toBe(false)
    expect(gone.reload).toHaveBeenCalledTimes(1)

    for (const entry of ['ok', 'refused'] as const) {
      const here = pageWithStarter({ entry })
      await expect(here.taps.reload(), entry).resolves.toBe(false)
      expect(here.reload).not.toHaveBeenCalled()
    }
  })

  test("the page's own code missing: the starter fails by itself, a held buy tap buys through the form, and the page reloads for the new version", async () => {
    const page = pageWithStarter({ modules: 'missing', entry: 'gone' })
    page.buy.click()
    await vi.waitFor(() => expect(page.through).toEqual(['Add to Cart']))
    // A buy is on its way: no reload over it.
    expect(page.reload).not.toHaveBeenCalled()
    const unbought = pageWithStarter({ modules: 'missing', entry: 'gone' })
    await vi.waitFor(() => expect(unbought.reload).toHaveBeenCalledTimes(1))
  })

  test('`reload` waits for nothing the shopper did: not with a tap held, nor while leaving', async () => {
    const held = pageWithStarter({ entry: 'gone' })
    held.cart.click()
    await expect(held.taps.reload()).resolves.toBe(false)
    const leaving = pageWithStarter({ entry: 'gone' })
    leaving.window.dispatchEvent(new leaving.window.Event('pagehide'))
    await expect(leaving.taps.reload()).resolves.toBe(false)
    expect([held.reload, leaving.reload].map((reload) => reload.mock.calls.length)).toEqual([0, 0])
  })
})
