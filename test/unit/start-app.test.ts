import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { START_APP_SCRIPT, START_APP_SCRIPT_HASH } from '../../src/render/start-app'

test("the CSP's hash is the starter script's, so browsers run it", () => {
  const digest = createHash('sha256').update(START_APP_SCRIPT).digest('base64')
  // If this fails after editing START_APP_SCRIPT, put this value in START_APP_SCRIPT_HASH.
  expect(START_APP_SCRIPT_HASH).toBe(`'sha256-${digest}'`)
})

test('the starter script cannot end its <script> element early', () => {
  expect(START_APP_SCRIPT).not.toContain('<')
})
