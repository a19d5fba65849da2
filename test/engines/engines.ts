// The three engines a shopper's browser runs on, each driven by the client made for it,
// behind one small interface so that one test file runs in any of them:
// - Chromium (Debian's, or the one scripts/harness/chromium.ts finds) and Firefox (Debian's
//   firefox-esr), through Puppeteer: CDP for Chromium, WebDriver BiDi for Firefox, which
//   Firefox speaks itself, so no geckodriver is needed (none is packaged for Debian).
// - WebKit, the engine of every iPhone browser: WebKitGTK's MiniBrowser through its
//   WebKitWebDriver (Debian's webkit2gtk-driver), with selenium-webdriver, under Xvfb when
//   there is no display. Playwright cannot drive any Debian browser but Chromium: its
//   Firefox and WebKit are its own patched builds, downloaded.
// A page is opened fresh for each test: its own browser context (Puppeteer) or its own
// MiniBrowser (a WebDriver session), so no test sees another's stored cart.
import { spawn, type ChildProcess } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core'
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver'
import { expect } from 'vitest'
import { findProgram } from '../../scripts/harness/programs.ts'
import { chromiumArgs } from '../../scripts/harness/chromium.ts'
import { answered, RETRIES_LOG } from './answered.ts'
export { RETRIES_LOG }

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
export type EngineName = (typeof ENGINES)[number]

export type Viewport = { width: number; height: number }
/** What a shopper's settings can change for a whole browser: asked for less motion, or turned JavaScript off. */
export type Settings = { reducedMotion?: boolean; javaScript?: boolean }

/** One tab, as every engine's driver can work it. */
export interface Tab {
  goto(url: string): Promise<void>
  /** The browser's Back: the page before, which the browser may keep whole (its back-forward cache). */
  back(): Promise<void>
  /** The browser's Forward, after a Back. */
  forward(): Promise<void>
  /** The pointer moved onto the first element matching `selector` (and whose text is `text`), and left resting there. */
  hover(selector: string, text?: string): Promise<void>
  /** The value of a JavaScript expression in the page (JSON-like; a promise is awaited). */
  evaluate<T>(expression: string): Promise<T>
  /** A real click, by the driver, on the first element matching `selector` (and whose text is `text`). */
  click(selector: string, text?: string): Promise<void>
  /** The text of the first element matching `selector`, as shown; works with JavaScript off. */
  text(selector: string): Promise<string>
  /** The pointer pressed at the centre of the first element matching `selector`, and held there (`lift` lets go). */
  pressAndHold(selector: string): Promise<void>
  lift(): Promise<void>
  /** A key pressed on whatever has the focus. */
  press(key: 'Enter' | 'Tab' | 'Escape'): Promise<void>
  /** How many tabs are open beside this one (those it opened). */
  otherTabCount(): Promise<number>
  /**
   * The addresses of the other tabs. WebDriver reads a tab's address only by switching to
   * it, which moves the focus (and a focus that leaves the cart's sheet closes it): read them
   * once the shop's own tab has nothing left to show.
   */
  otherTabs(): Promise<string[]>
  url(): Promise<string>
  close(): Promise<void>
}

export interface Engine {
  name: EngineName
  open(viewport: Viewport): Promise<Tab>
  close(): Promise<void>
}

/**
 * Where each engine's program is, or what to install (scripts/harness/programs.ts, which
 * `npm test`'s first step asks too). WebKit also needs a display: the machine's, or Xvfb.
 */
export function engineProgram(name: EngineName): { path: string } | { missing: string } {
  const program = findProgram(name === 'webkit' ? 'webkit-driver' : name)
  if ('missing' in program || name !== 'webkit' || process.env.DISPLAY) return program
  const xvfb = findProgram('xvfb')
  return 'missing' in xvfb
    ? {
        missing: `WebKit needs a display: set DISPLAY, or ${xvfb.missing.replace(/^No Xvfb, a display for WebKit found: /, '')}`,
      }
    : program
}

export async function launch(name: EngineName, settings: Settings = {}): Promise<Engine> {
  const program = engineProgram(name)
  if ('missing' in program) throw new Error(program.missing)
  return name === 'webkit' ? launchWebKit(program.path, settings) : launchWithPuppeteer(name, program.path, settings)
}

async function launchWithPuppeteer(name: 'chromium' | 'firefox', path: string, settings: Settings): Promise<Engine> {
  const browser: Browser =
    name === 'chromium'
      ? await puppeteer.launch({
          browser: 'chrome',
          executablePath: path,
          headless: true,
          args: [...chromiumArgs, ...(settings.reducedMotion ? ['--force-prefers-reduced-motion'] : [])],
        })
      : await puppeteer.launch({
          browser: 'firefox',
          executablePath: path,
          headless: true,
          extraPrefsFirefox: {
            'ui.prefersReducedMotion': settings.reducedMotion ? 1 : 0,
            'javascript.enabled': settings.javaScript !== false,
          },
        })
  return {
    name,
    async open(viewport) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      if (name === 'firefox') {
        // Puppeteer's setViewport also sends BiDi's emulation.setScreenOrientationOverride,
        // which Debian's Firefox ESR 140 does not know (Firefox has it from 141), and the
        // whole call fails unapplied: BiDi's own browsingContext.setViewport, as Puppeteer
        // sends it. The check below makes sure it took.
        const frame = page.mainFrame() as unknown as {
          browsingContext: {
            setViewport(options: { viewport: Viewport; devicePixelRatio: number | null }): Promise<void>
          }
        }
        await frame.browsingContext.setViewport({
          viewport: { width: viewport.width, height: viewport.height },
          devicePixelRatio: null,
        })
      } else await page.setViewport(viewport)
      const width = await page.evaluate(() => innerWidth)
      if (width !== viewport.width) throw new Error(`${name}: the viewport is ${width} px wide, not ${viewport.width}`)
      if (name === 'chromium' && settings.javaScript === false) await page.setJavaScriptEnabled(false)
      return puppeteerTab(context, page, name === 'chromium' ? { endpoint: browser.wsEndpoint(), viewport } : null)
    },
    close: () => browser.close(),
  }
}

/**
 * Tries `act` until it works or 5 s have passed: a control may still be sliding in (the
 * cart's sheet) or being drawn, as Playwright's own clicks wait for.
 */
async function patiently<T>(act: () => Promise<T>): Promise<T> {
  const until = Date.now() + 5_000
  for (;;) {
    try {
      return await act()
    } catch (error) {
      if (Date.now() > until) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/**
 * Chromium's Back or Forward, and the tab found again afterwards. After a prerendered page
 * was shown, a page the back-forward cache restores is one Puppeteer 25 no longer reaches
 * through the Page it had: `goBack` never resolves and every `evaluate` after it hangs,
 * while a second connection to the same Chromium finds the page restored, hydrated and
 * answering (docs/testing.md, 'Back after a prerender'). So the step is sent over CDP and
 * the tab is taken from a fresh connection, which waits until the tab shows the entry the
 * step went to, in a document other than the one left (a restored page keeps its own mark).
 */
async function chromiumHistoryStep(
  endpoint: string,
  page: Page,
  step: -1 | 1,
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const cdp = await page.createCDPSession()
  const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory')
  const to = entries[currentIndex + step]
  if (!to) throw new Error(`nothing to go ${step < 0 ? 'back' : 'forward'} to`)
  const mark = Math.random()
  await page.evaluate((mark) => ((window as unknown as { __left: number }).__left = mark), mark)
  await cdp.send('Page.navigateToHistoryEntry', { entryId: to.id })
  await cdp.detach().catch(() => {})
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null })
  const tabId = (page as unknown as { _tabId: string })._tabId
  const until = Date.now() + 30_000
  for (;;) {
    const found = (await browser.pages()).find((other) => (other as unknown as { _tabId: string })._tabId === tabId)
    const arrived = await found
      ?.evaluate(
        (mark, url) =>
          (window as unknown as { __left?: number }).__left !== mark &&
          location.href === url &&
          document.readyState !== 'loading',
        mark,
        to.url,
      )
      .catch(() => false)
    if (found && arrived) return { browser, context: found.browserContext(), page: found }
    if (Date.now() > until) throw new Error(`the tab did not reach ${to.url} within 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Firefox's Back or Forward over WebDriver BiDi, waiting for the document stepped to rather
 * than for its load: a page Firefox restores from its back-forward cache fires no
 * `DOMContentLoaded`, so Puppeteer's `goBack` would wait for one for ever (as it does in
 * Chromium: Puppeteer issue 8182). The page left is marked; a restored page keeps its own.
 */
async function firefoxHistoryStep(page: Page, step: -1 | 1) {
  const mark = Math.random()
  await page.evaluate((mark) => ((window as unknown as { __left: number }).__left = mark), mark)
  const frame = page.mainFrame() as unknown as { browsingContext: { traverseHistory(delta: number): Promise<void> } }
  await frame.browsingContext.traverseHistory(step)
  const until = Date.now() + 30_000
  while (
    !(await page
      .evaluate(
        (mark) => (window as unknown as { __left?: number }).__left !== mark && document.readyState !== 'loading',
        mark,
      )
      .catch(() => false))
  ) {
    if (Date.now() > until) throw new Error(`no document came ${step < 0 ? 'back' : 'forward'} within 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function puppeteerTab(
  launchedContext: BrowserContext,
  launchedPage: Page,
  chromium: { endpoint: string; viewport: Viewport } | null,
): Tab {
  let [context, page] = [launchedContext, launchedPage]
  const connections: Browser[] = []
  async function historyStep(step: -1 | 1) {
    if (chromium === null) return firefoxHistoryStep(page, step)
    const found = await chromiumHistoryStep(chromium.endpoint, page, step)
    connections.push(found.browser)
    ;({ context, page } = found)
    // The viewport was the old connection's emulation, which ends with it.
    await page.setViewport(chromium.viewport)
  }
  // The centre of the first element matching, once it holds still (the cart's sheet slides
  // in), as Playwright's clicks wait; found and measured by one script in the page, since an
  // element handle's calls hang in Firefox with JavaScript off.
  const centreOf = (selector: string, text?: string) =>
    patiently(async () => {
      const centre = () =>
        page.evaluate(
          (selector, text) => {
            const element = [...document.querySelectorAll(selector)].find(
              (e) => (text === null || e.textContent!.trim() === text) && e.getClientRects().length > 0,
            )
            if (!element) return null
            element.scrollIntoView({ block: 'nearest' })
            const box = element.getBoundingClientRect()
            return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
          },
          selector,
          text ?? null,
        )
      const [before, after] = [await centre(), await new Promise((resolve) => setTimeout(resolve, 100)).then(centre)]
      if (!before || !after)
        throw new Error(`nothing to click: ${selector}${text === undefined ? '' : ` with text "${text}"`}`)
      if (before.x !== after.x || before.y !== after.y) throw new Error(`${selector} is still moving`)
      return after
    })
  return {
    // Until the document is parsed: the app's scripts may be held back (front-door.ts).
    goto: async (url) => void (await page.goto(url, { waitUntil: 'domcontentloaded' })),
    back: () => historyStep(-1),
    forward: () => historyStep(1),
    async hover(selector, text) {
      const { x, y } = await centreOf(selector, text)
      await page.mouse.move(x, y)
    },

    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    async click(selector, text) {
      const { x, y } = await centreOf(selector, text)
      await page.mouse.click(x, y)
    },
    async pressAndHold(selector) {
      const { x, y } = await centreOf(selector)
      await page.mouse.move(x, y)
      await page.mouse.down()
    },
    lift: () => page.mouse.up(),
    text: (selector) => page.$eval(selector, (e) => (e as HTMLElement).innerText),
    press: (key) => page.keyboard.press(key),
    otherTabCount: async () => (await context.pages()).length - 1,
    async otherTabs() {
      return (await context.pages()).filter((other) => other !== page).map((other) => other.url())
    },
    url: async () => page.url(),
    async close() {
      await launchedContext.close()
      for (const connection of connections) await connection.disconnect()
    },
  }
}

/** A display for MiniBrowser: the machine's, or an Xvfb of the engine's own. */
async function display(): Promise<{ DISPLAY: string; stop(): void }> {
  if (process.env.DISPLAY) return { DISPLAY: process.env.DISPLAY, stop() {} }
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const number = await new Promise<string>((resolve, reject) => {
    xvfb.on('error', () => reject(new Error('WebKit needs a display: install xvfb (Debian: apt-get install xvfb).')))
    xvfb.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
  })
  return { DISPLAY: `:${number}`, stop: () => xvfb.kill() }
}

async function launchWebKit(driverPath: string, settings: Settings): Promise<Engine> {
  const screen = await display()
  // WebKitGTK takes 'prefers-reduced-motion' from GTK's own setting for animations.
  const config = mkdtempSync(join(tmpdir(), 'webkit-settings-'))
  for (const gtk of ['gtk-3.0', 'gtk-4.0']) {
    mkdirSync(join(config, gtk))
    writeFileSync(
      join(config, gtk, 'settings.ini'),
      `[Settings]\ngtk-enable-animations=${settings.reducedMotion ? 0 : 1}\n`,
    )
  }
  const miniBrowser = [
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
  ].find(existsSync)
  const drivers = new Set<ChildProcess>()
  return {
    name: 'webkit',
    // WebKitWebDriver holds one session at a time: each tab has a driver of its own.
    async open(viewport) {
      // And its own website data and cache (localStorage lives there), as a fresh browser context has.
      const data = mkdtempSync(join(tmpdir(), 'webkit-data-'))
      const { driver, server } = await startWebKitDriver(driverPath, {
        ...process.env,
        DISPLAY: screen.DISPLAY,
        XDG_CONFIG_HOME: config,
        XDG_DATA_HOME: join(data, 'data'),
        XDG_CACHE_HOME: join(data, 'cache'),
        // No GPU here: composited with Mesa's software GL, each new MiniBrowser compiled its
        // shaders afresh and stalled the driver for 10 s or more. Painting without
        // compositing changes how the page is drawn, not what it does.
        WEBKIT_DISABLE_COMPOSITING_MODE: '1',
        WEBKIT_DISABLE_DMABUF_RENDERER: '1',
        MESA_SHADER_CACHE_DIR: join(config, 'mesa'),
      })
      drivers.add(driver)
      const session = await new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: 'MiniBrowser',
          // WebKitWebDriver waits, before every command, for the page to load as far as this
          // says, and 'eager' (DOMContentLoaded) already waits for the app's module scripts:
          // a page whose scripts are held back (front-door.ts) could never be tapped, and after
          // a second navigation in a window its next script was left waiting for good. With
          // 'none' the driver waits for nothing; navigated() waits for the parsed document itself.
          pageLoadStrategy: 'none',
          'webkitgtk:browserOptions': {
            binary: miniBrowser,
            args: ['--automation', ...(settings.javaScript === false ? ['--enable-javascript=false'] : [])],
          },
        })
        .build()
      await sizeViewport(session, viewport)
      const tab = webDriverTab(session)
      return {
        ...tab,
        async close() {
          await tab.close().catch(() => {})
          // The browser under the driver may still be writing its cache as it goes: wait for
          // the driver to exit before removing its data (an rmdir raced it once: ENOTEMPTY).
          const exited =
            driver.exitCode !== null ? Promise.resolve() : new Promise((resolve) => driver.once('exit', resolve))
          driver.kill()
          drivers.delete(driver)
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))])
          rmSync(data, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
        },
      }
    },
    async close() {
      for (const driver of drivers) driver.kill()
      screen.stop()
      rmSync(config, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

async function startWebKitDriver(path: string, env: NodeJS.ProcessEnv) {
  const port = await freePort()
  const driver = spawn(path, [`--port=${port}`], { stdio: 'ignore', env })
  const server = `http://127.0.0.1:${port}`
  for (
    let tries = 0;
    !(await fetch(`${server}/status`)
      .then((r) => r.ok)
      .catch(() => false));
    tries++
  ) {
    if (tries > 300) throw new Error(`WebKitWebDriver did not start on ${server}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { driver, server }
}

/** A port no one listens on now: the system's pick. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** Sizes the window so that its page is `viewport`: the window's frame is whatever is left over. */
async function sizeViewport(session: WebDriver, viewport: Viewport) {
  const window = session.manage().window()
  await window.setRect({ width: viewport.width, height: viewport.height })
  const inner = (await session.executeScript('return [innerWidth, innerHeight]').catch(() => null)) as
    | [number, number]
    | null
  if (inner) await window.setRect({ width: viewport.width * 2 - inner[0], height: viewport.height * 2 - inner[1] })
}

function webDriverTab(session: WebDriver): Tab {
  let own: string | undefined
  /**
   * Navigates, then waits until the next document is parsed ('interactive'), as Puppeteer's
   * 'domcontentloaded' but without waiting for the app's scripts: the page-load strategy
   * 'none' returns before the next document has replaced this one, so this one is marked
   * first (with a mark of its own: a page kept in the back-forward cache comes back with
   * the mark it left with). A script sent as one document gives way to the next is, now and
   * then, never answered (seen about once in 50 page loads; the driver answers the next
   * command): each ask waits 2 s at most.
   */
  async function navigated(navigate: () => Promise<void>, { retakeIfIgnored = false } = {}) {
    const mark = Math.random()
    await session.executeScript('window.__left = arguments[0]', mark).catch(() => {})
    await navigate()
    const ask = <T>(script: string, fallback: T) =>
      Promise.race([
        session.executeScript<T>(script, mark).catch(() => fallback),
        new Promise<T>((resolve) => setTimeout(resolve, 2_000, fallback)),
      ])
    const parsed = () =>
      ask<boolean>(
        `return window.__left !== arguments[0] && location.href !== 'about:blank' && document.readyState !== 'loading'`,
        false,
      )
    let retaken = !retakeIfIgnored
    for (const started = Date.now(); !(await parsed()); ) {
      // WebKitWebDriver now and then leaves a Back undone (about 1 in 6 here, 2026-11-27): the
      // page it was sent from is still there, unchanged, 10 s on. Sent once more, then, and
      // noted for the run's summary; a Back that did go and a second that went too would land
      // two pages back, which the test's next check sees.
      if (
        !retaken &&
        Date.now() - started > 10_000 &&
        (await ask<boolean>('return window.__left === arguments[0]', false))
      ) {
        retaken = true
        appendFileSync(
          RETRIES_LOG,
          `webkit: a Back left undone for 10 s was sent again (${expect.getState().currentTestName ?? 'outside a test'})\n`,
        )
        await navigate()
      }
      if (Date.now() - started > 30_000)
        throw new Error(
          `no document was parsed within 30 s (now at ${await ask<string>('return location.href + " " + document.readyState', 'no answer')})`,
        )
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    async goto(url) {
      await navigated(() => session.get(url))
      own ??= await session.getWindowHandle()
    },
    back: () => navigated(() => session.navigate().back(), { retakeIfIgnored: true }),
    forward: () => navigated(() => session.navigate().forward()),
    hover: (selector, text) =>
      patiently(async () => {
        for (const element of await session.findElements(By.css(selector))) {
          if (text !== undefined && (await element.getText()).trim() !== text) continue
          await session.executeScript('arguments[0].scrollIntoView({ block: "nearest" })', element)
          return session.actions().move({ origin: element }).perform()
        }
        throw new Error(`nothing to hover: ${selector}${text === undefined ? '' : ` with text "${text}"`}`)
      }),

    evaluate: <T>(expression: string) => answered<T>(session, `return (${expression})`),
    click: (selector, text) =>
      patiently(async () => {
        for (const element of await session.findElements(By.css(selector))) {
          if (text !== undefined && (await element.getText()).trim() !== text) continue
          // A pointer's press and release at the element's centre: WebDriver's Element Click
          // waits for the page to finish loading, which a page whose scripts are held back
          // (a slow network) never does. Pressed once it holds still, as the other engines'
          // clicks are (the cart's sheet slides in: a press at where '+' was a moment ago
          // missed it, about once in ten runs of the first test in WebKit).
          await session.executeScript('arguments[0].scrollIntoView({ block: "nearest" })', element)
          const box = () =>
            answered<number[]>(
              session,
              'const r = arguments[0].getBoundingClientRect(); return [r.x, r.y, r.width, r.height]',
              element,
            )
          const [before, after] = [await box(), await new Promise((resolve) => setTimeout(resolve, 100)).then(box)]
          if (before.some((value, i) => Math.abs(value - after[i]!) > 0.5))
            throw new Error(`${selector} is still moving`)
          return session.actions().move({ origin: element }).press().release().perform()
        }
        throw new Error(`nothing to click: ${selector}${text === undefined ? '' : ` with text "${text}"`}`)
      }),
    pressAndHold: (selector) =>
      patiently(async () => {
        const element = await session.findElement(By.css(selector))
        await session.executeScript('arguments[0].scrollIntoView({ block: "nearest" })', element)
        await session.actions().move({ origin: element }).press().perform()
      }),
    // The session keeps the pointer's state between actions: this releases the one pressed.
    lift: () => session.actions().release().perform(),
    text: async (selector) => (await session.findElement(By.css(selector))).getText(),
    press: (key) => session.actions().sendKeys({ Enter: Key.ENTER, Tab: Key.TAB, Escape: Key.ESCAPE }[key]).perform(),
    otherTabCount: async () => (await session.getAllWindowHandles()).length - 1,
    async otherTabs() {
      const urls: string[] = []
      for (const handle of await session.getAllWindowHandles()) {
        if (handle === own) continue
        await session.switchTo().window(handle)
        urls.push(await session.getCurrentUrl())
      }
      if (own) await session.switchTo().window(own)
      return urls
    },
    url: () => session.getCurrentUrl(),
    close: () => session.quit(),
  }
}
