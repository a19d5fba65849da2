// The W3C Nu Html Checker (vnu-jar from npm, run on the machine's Java), for documents the
// tests have in hand: a page's HTML as the server sent it, or its DOM as it stands.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

/**
 * Valid HTML the checker does not know yet: the standard's `expect` link type, whose
 * `<link rel="expect" href="#id" blocking="render">` holds the first paint until the element
 * is parsed (HTML, 'Link type "expect"'; Chromium 124+). This checker only allows `blocking`
 * on a stylesheet link. Only that message, and only on an `expect` link, is set aside.
 */
const AHEAD_OF_THE_CHECKER = (m: Message) =>
  m.message ===
    'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.' &&
  /<link rel="expect" href="#[\w-]+" blocking="render"\/?>/.test(m.extract ?? '')

type Message = { type: string; subType?: string; message: string; extract?: string; url: string; lastLine?: number }

/** Every error the checker finds in `documents` (name → HTML), as 'name:line: message «extract»'. */
export async function nuErrors(documents: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nu-'))
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = join(dir, `${name.replace(/[^\w-]+/g, '_')}.html`)
      writeFileSync(file, html)
      return file
    })
    // The checker writes its JSON report to stderr, and exits 0 with --exit-zero-always.
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnu, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
      { maxBuffer: 16 << 20 },
    )
    const { messages } = JSON.parse(stderr) as { messages: Message[] }
    return messages
      .filter((m) => (m.type === 'error' || m.subType === 'fatal') && !AHEAD_OF_THE_CHECKER(m))
      .map(
        (m) =>
          `${m.url.split('/').pop()}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` «${m.extract.trim().slice(0, 120)}»` : ''}`,
      )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
