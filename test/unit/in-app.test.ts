import { expect, test } from 'vitest'
import { inAppBrowser } from '../../client/cart/in-app.ts'
import { IN_APP } from '../in-app-agents.ts'

const BROWSERS = {
  'Chrome for Android':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Safari on iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Firefox on a desktop': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
}

test.each(Object.entries(IN_APP))('%s’s in-app browser checks out in the shop’s own tab', (_, userAgent) => {
  expect(inAppBrowser(userAgent)).toBe(true)
})

test.each(Object.entries(BROWSERS))('%s opens the checkout in a tab of its own', (_, userAgent) => {
  expect(inAppBrowser(userAgent)).toBe(false)
})
