// `npm run report`: what shoppers did and how fast the shop was for them, over the last N
// hours (docs/field-analytics.md). Reads production's Analytics Engine when
// CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN are set, else the local stand-in of a
// running `npm start`.
//
// The funnel by country marks the countries the shop does not ship to, read from the shop's
// landing page (scripts/report/shipping.ts): the local shop's, or SHOP_ORIGIN's (--shop).
//
//   npm run report -- [--hours 24] [--json] [--html FILE] [--local ORIGIN] [--dataset NAME] [--shop ORIGIN]
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { aggregate } from './report/aggregate.ts'
import { asHtml } from './report/html.ts'
import { shipsTo } from './report/shipping.ts'
import { analyticsEngine, localStandIn } from './report/sources.ts'
import { asText } from './report/text.ts'

const { values: options } = parseArgs({
  options: {
    hours: { type: 'string', default: '24' },
    json: { type: 'boolean', default: false },
    html: { type: 'string' },
    local: { type: 'string' },
    dataset: { type: 'string', default: process.env.ANALYTICS_DATASET ?? 'blanket_shop_events' },
    shop: { type: 'string', default: process.env.SHOP_ORIGIN },
  },
})
const hours = Number(options.hours)
if (!(hours > 0 && hours <= 24 * 92)) {
  console.error(`--hours ${options.hours}: give a number of hours up to 92 days (Analytics Engine keeps three months)`)
  process.exit(2)
}

const { CLOUDFLARE_ACCOUNT_ID: accountId, CLOUDFLARE_API_TOKEN: token } = process.env
// A local shop when asked for one (--local) or when no production credentials are set: `npm start`'s address by default.
const production = !options.local && accountId && token
const source = production
  ? analyticsEngine(accountId, token, options.dataset!)
  : localStandIn(options.local ?? 'http://127.0.0.1:8787')
const shop = production ? options.shop : (options.local ?? 'http://127.0.0.1:8787')

/** Where the shop ships, or null with a note saying why it is not known. */
async function whereItShips(notes: string[]): Promise<string[] | null> {
  if (!shop) {
    notes.push(
      'Where the shop ships is not known: give --shop https://your-shop (or SHOP_ORIGIN) to mark the countries it does not ship to.',
    )
    return null
  }
  try {
    return await shipsTo(shop)
  } catch (error) {
    notes.push(`Where the shop ships could not be read from ${shop}: ${(error as Error).message}.`)
    return null
  }
}

try {
  const { answers, notes } = await source.read(hours)
  const report = aggregate(answers, notes, await whereItShips(notes))
  const heading = `The shop, last ${hours} h, from ${source.name}`
  console.log(
    options.json ? JSON.stringify({ source: source.name, hours, ...report }, null, 2) : asText(report, heading),
  )
  if (options.html) {
    writeFileSync(options.html, asHtml(report, heading))
    console.error(`\nWrote ${options.html}`)
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
