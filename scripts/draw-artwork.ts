// Draws the shop's original artwork as small SVGs: `node scripts/draw-artwork.ts`. The six
// square animal friends are drawn once here and composed into the logo, the favicon and the
// characters (public/images), and into the blanket views and lifestyle scenes that stand in
// for photographs until real ones are taken (client/content/photos/drawings; the build and
// the Storefront double photograph them, storefront-double/stand-in-photo.ts).
import { mkdirSync, writeFileSync } from 'node:fs'

export const CHARACTERS = {
  octopus: { name: 'Octopus', colour: '#8b5cf6', dark: '#5b21b6' },
  koala: { name: 'Koala', colour: '#94a3b8', dark: '#475569' },
  cheetah: { name: 'Cheetah', colour: '#f59e0b', dark: '#92400e' },
  hippo: { name: 'Hippo', colour: '#f472b6', dark: '#9d174d' },
  elephant: { name: 'Elephant', colour: '#38bdf8', dark: '#0369a1' },
  crab: { name: 'Crab', colour: '#ef4444', dark: '#991b1b' },
} as const
type Kind = keyof typeof CHARACTERS
const KINDS = Object.keys(CHARACTERS) as Kind[]

const face = (dark: string) =>
  `<circle cx="38" cy="48" r="9" fill="#fff"/><circle cx="82" cy="48" r="9" fill="#fff"/>` +
  `<circle cx="40" cy="50" r="5" fill="#1c1917"/><circle cx="84" cy="50" r="5" fill="#1c1917"/>` +
  `<circle cx="42" cy="48" r="1.6" fill="#fff"/><circle cx="86" cy="48" r="1.6" fill="#fff"/>` +
  `<ellipse cx="28" cy="66" rx="7" ry="4" fill="#fda4af" opacity=".8"/><ellipse cx="92" cy="66" rx="7" ry="4" fill="#fda4af" opacity=".8"/>` +
  `<path d="M50 70q10 9 20 0" stroke="${dark}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`

/** One square friend on a 120×120 grid. */
function character(kind: Kind): string {
  const { colour, dark } = CHARACTERS[kind]
  const body = `<rect x="14" y="14" width="92" height="92" rx="20" fill="${colour}"/>`
  switch (kind) {
    case 'octopus':
      return (
        [20, 40, 60, 80]
          .map(
            (x) =>
              `<path d="M${x + 4} 96q-6 14 2 20" stroke="${colour}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
          )
          .join('') +
        body +
        `<circle cx="36" cy="26" r="4" fill="${dark}" opacity=".35"/><circle cx="84" cy="30" r="5" fill="${dark}" opacity=".35"/><circle cx="60" cy="22" r="3" fill="${dark}" opacity=".35"/>` +
        face(dark)
      )
    case 'koala':
      return (
        `<circle cx="18" cy="24" r="16" fill="${colour}"/><circle cx="102" cy="24" r="16" fill="${colour}"/>` +
        `<circle cx="18" cy="24" r="8" fill="#f1f5f9"/><circle cx="102" cy="24" r="8" fill="#f1f5f9"/>` +
        body +
        `<circle cx="38" cy="48" r="9" fill="#fff"/><circle cx="82" cy="48" r="9" fill="#fff"/><circle cx="40" cy="50" r="5" fill="#1c1917"/><circle cx="84" cy="50" r="5" fill="#1c1917"/>` +
        `<rect x="50" y="52" width="20" height="22" rx="10" fill="#334155"/><ellipse cx="28" cy="70" rx="7" ry="4" fill="#fda4af" opacity=".8"/><ellipse cx="92" cy="70" rx="7" ry="4" fill="#fda4af" opacity=".8"/>`
      )
    case 'cheetah':
      return (
        `<circle cx="26" cy="18" r="9" fill="${colour}"/><circle cx="94" cy="18" r="9" fill="${colour}"/>` +
        body +
        [
          [26, 30],
          [92, 28],
          [22, 86],
          [96, 84],
          [60, 24],
          [74, 92],
          [44, 94],
        ]
          .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="${dark}"/>`)
          .join('') +
        `<path d="M34 58l-4 14M86 58l4 14" stroke="${dark}" stroke-width="3" stroke-linecap="round"/>` +
        face(dark)
      )
    case 'hippo':
      return (
        `<circle cx="30" cy="16" r="7" fill="${colour}"/><circle cx="90" cy="16" r="7" fill="${colour}"/>` +
        body +
        `<circle cx="38" cy="40" r="8" fill="#fff"/><circle cx="82" cy="40" r="8" fill="#fff"/><circle cx="39" cy="41" r="4.5" fill="#1c1917"/><circle cx="83" cy="41" r="4.5" fill="#1c1917"/>` +
        `<rect x="26" y="56" width="68" height="40" rx="18" fill="#f9a8d4"/><ellipse cx="48" cy="68" rx="4" ry="5" fill="${dark}"/><ellipse cx="72" cy="68" rx="4" ry="5" fill="${dark}"/>` +
        `<path d="M50 84q10 6 20 0" stroke="${dark}" stroke-width="3" fill="none" stroke-linecap="round"/>`
      )
    case 'elephant':
      return (
        `<ellipse cx="12" cy="56" rx="14" ry="26" fill="#7dd3fc"/><ellipse cx="108" cy="56" rx="14" ry="26" fill="#7dd3fc"/>` +
        body +
        `<circle cx="38" cy="44" r="8" fill="#fff"/><circle cx="82" cy="44" r="8" fill="#fff"/><circle cx="39" cy="46" r="4.5" fill="#1c1917"/><circle cx="83" cy="46" r="4.5" fill="#1c1917"/>` +
        `<path d="M60 56v34q0 12 12 10" stroke="${dark}" stroke-width="11" fill="none" stroke-linecap="round" opacity=".55"/>` +
        `<ellipse cx="28" cy="68" rx="7" ry="4" fill="#fda4af" opacity=".8"/><ellipse cx="92" cy="68" rx="7" ry="4" fill="#fda4af" opacity=".8"/>`
      )
    case 'crab':
      return (
        `<path d="M22 22l-10-14M98 22l10-14" stroke="${colour}" stroke-width="6" stroke-linecap="round"/>` +
        `<path d="M2 10a12 12 0 1 0 20-2l-8 6z" fill="${colour}"/><path d="M118 10a12 12 0 1 1-20-2l8 6z" fill="${colour}"/>` +
        [44, 64, 84]
          .map((y) => `<path d="M14 ${y}h-10M106 ${y}h10" stroke="${colour}" stroke-width="6" stroke-linecap="round"/>`)
          .join('') +
        body +
        face(dark)
      )
  }
}

const symbols = () =>
  `<defs>${KINDS.map((k) => `<symbol id="${k}" viewBox="0 0 120 120">${character(k)}</symbol>`).join('')}</defs>`
const use = (kind: Kind, x: number, y: number, size: number, extra = '') =>
  `<use href="#${kind}" x="${x}" y="${y}" width="${size}" height="${size}"${extra}/>`
const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">${body}</svg>\n`

/** The blanket's printed face: the six friends on cream fleece with a stitched edge. */
function blanketFace(x: number, y: number, w: number, h: number): string {
  const cell = Math.min(w / 3, h / 2)
  const size = cell * 0.72
  const ox = x + (w - cell * 3) / 2
  const oy = y + (h - cell * 2) / 2
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.04}" fill="#fff7ed"/>` +
    `<rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" rx="${w * 0.03}" fill="none" stroke="#fdba74" stroke-width="4" stroke-dasharray="14 10"/>` +
    KINDS.map((k, i) =>
      use(k, ox + (i % 3) * cell + (cell - size) / 2, oy + Math.floor(i / 3) * cell + (cell - size) / 2, size),
    ).join('')
  )
}

const dots = (id: string, colour: string) =>
  `<pattern id="${id}" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2" fill="${colour}"/></pattern>`

const blanketViews: Record<string, [string, string]> = {
  'blanket-1': [
    'The Square Friends blanket spread flat, showing all six animals',
    `<rect width="1200" height="1200" fill="#ecfeff"/><rect x="110" y="250" width="1000" height="740" rx="40" fill="#0e7490" opacity=".08"/>${blanketFace(100, 230, 1000, 720)}`,
  ],
  'blanket-2': [
    'The blanket folded in a neat square on a nursery chair',
    `<rect width="1200" height="1200" fill="#fef3c7"/><rect x="250" y="760" width="700" height="60" rx="20" fill="#b45309"/><rect x="290" y="820" width="40" height="260" fill="#b45309"/><rect x="870" y="820" width="40" height="260" fill="#b45309"/>` +
      [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${330 - i * 6}" y="${640 - i * 70}" width="${540 + i * 12}" height="90" rx="26" fill="${['#fed7aa', '#fff7ed', '#ffedd5'][i]}" stroke="#fdba74" stroke-width="4"/>`,
        )
        .join('') +
      `<rect x="318" y="300" width="564" height="340" rx="30" fill="#fff7ed" stroke="#fdba74" stroke-width="4"/>${use('koala', 380, 330, 220)}${use('octopus', 620, 340, 210)}`,
  ],
  'blanket-3': [
    'Close-up of the octopus and koala print on soft fleece',
    `<defs>${dots('fleece', '#fed7aa')}</defs><rect width="1200" height="1200" fill="#fff7ed"/><rect width="1200" height="1200" fill="url(#fleece)"/>${use('octopus', 90, 260, 560)}${use('koala', 600, 300, 520)}`,
  ],
  'blanket-4': [
    'The blanket draped over the side of a toddler bed',
    `<rect width="1200" height="1200" fill="#ede9fe"/><rect x="120" y="420" width="960" height="420" rx="30" fill="#c4b5fd"/><rect x="120" y="840" width="40" height="220" fill="#7c3aed"/><rect x="1040" y="840" width="40" height="220" fill="#7c3aed"/>` +
      `<rect x="160" y="360" width="300" height="120" rx="50" fill="#fff"/>` +
      `<path d="M380 420h600q30 0 30 30v430q-60 30-120 0t-120 0-120 0-120 0-120 0-120 0V450q0-30 30-30z" fill="#fff7ed" stroke="#fdba74" stroke-width="4"/>` +
      `${use('hippo', 440, 470, 180)}${use('cheetah', 660, 470, 180)}${use('crab', 550, 670, 170)}`,
  ],
  'blanket-5': [
    'The blanket rolled up with a ribbon, ready to give as a gift',
    `<rect width="1200" height="1200" fill="#fce7f3"/><rect x="200" y="420" width="760" height="380" rx="190" fill="#fff7ed" stroke="#fdba74" stroke-width="6"/>` +
      `<ellipse cx="960" cy="610" rx="110" ry="190" fill="#ffedd5" stroke="#fdba74" stroke-width="6"/><path d="M960 610m-30 0a30 50 0 1 1 60 0a60 100 0 1 1 -120 0a90 150 0 1 1 180 0" fill="none" stroke="#fdba74" stroke-width="6"/>` +
      `${use('elephant', 300, 500, 220)}<rect x="560" y="420" width="60" height="380" fill="#ec4899"/><path d="M590 420c-90-100-170-20-90 30M590 420c90-100 170-20 90 30" fill="none" stroke="#ec4899" stroke-width="26" stroke-linecap="round"/>`,
  ],
}

const kid = (x: number, y: number, hair: string) =>
  `<circle cx="${x}" cy="${y}" r="70" fill="#fcd9b6"/><path d="M${x - 72} ${y - 6}q10-86 72-74q62-12 72 74q-30-40-72-40t-72 40z" fill="${hair}"/><circle cx="${x - 24}" cy="${y + 4}" r="7" fill="#1c1917"/><circle cx="${x + 24}" cy="${y + 4}" r="7" fill="#1c1917"/><path d="M${x - 18} ${y + 30}q18 14 36 0" stroke="#9a3412" stroke-width="6" fill="none" stroke-linecap="round"/>`

const lifestyleScenes: Record<string, [string, string]> = {
  'lifestyle-1': [
    'A toddler tucked in under the blanket for an afternoon nap',
    `<rect width="1600" height="1000" fill="#1e3a8a"/><rect x="1160" y="120" width="300" height="260" rx="20" fill="#93c5fd"/><circle cx="1350" cy="210" r="60" fill="#fef9c3"/>` +
      `<rect x="160" y="520" width="1280" height="360" rx="40" fill="#fde68a"/><rect x="220" y="430" width="320" height="150" rx="70" fill="#fff"/>${kid(380, 470, '#78350f')}` +
      `${blanketFace(480, 480, 900, 380)}`,
  ],
  'lifestyle-2': [
    'The blanket spread on the grass for a family picnic in the park',
    `<rect width="1600" height="1000" fill="#bae6fd"/><circle cx="1380" cy="160" r="90" fill="#fde047"/><rect y="560" width="1600" height="440" fill="#86efac"/><rect x="140" y="260" width="60" height="320" fill="#92400e"/><circle cx="170" cy="240" r="150" fill="#22c55e"/>` +
      `<g transform="translate(420 600) skewX(-20)">${blanketFace(0, 0, 860, 320)}</g><circle cx="1240" cy="720" r="46" fill="#ef4444"/><rect x="1100" y="640" width="110" height="90" rx="14" fill="#a16207"/>`,
  ],
  'lifestyle-3': [
    'A parent and child reading a book under the blanket on the sofa',
    `<rect width="1600" height="1000" fill="#fef3c7"/><rect x="1280" y="220" width="18" height="520" fill="#57534e"/><path d="M1200 220h180l-40-120h-100z" fill="#fb923c"/>` +
      `<rect x="180" y="380" width="1000" height="420" rx="60" fill="#0d9488"/><rect x="140" y="560" width="1080" height="260" rx="50" fill="#14b8a6"/>${kid(460, 440, '#1c1917')}${kid(760, 470, '#b45309')}` +
      `${blanketFace(330, 520, 760, 300)}<rect x="540" y="500" width="200" height="140" rx="8" fill="#f43f5e" transform="rotate(-8 640 570)"/>`,
  ],
  'lifestyle-4': [
    'The blanket keeping a little one cosy in the stroller on a walk',
    `<rect width="1600" height="1000" fill="#dcfce7"/><rect y="800" width="1600" height="200" fill="#a8a29e"/><path d="M520 300a360 360 0 0 1 560 0v40H520z" fill="#7c3aed"/>` +
      `<rect x="480" y="420" width="640" height="280" rx="60" fill="#a78bfa"/>${kid(700, 430, '#facc15')}${blanketFace(560, 470, 520, 240)}` +
      `<circle cx="560" cy="820" r="70" fill="#292524"/><circle cx="1040" cy="820" r="70" fill="#292524"/><path d="M1120 440l140-160" stroke="#292524" stroke-width="24" stroke-linecap="round"/>`,
  ],
  'lifestyle-5': [
    'A child opening a gift box with the rolled blanket inside',
    `<rect width="1600" height="1000" fill="#fce7f3"/>` +
      [
        [200, 140, '#f59e0b'],
        [1360, 200, '#38bdf8'],
        [300, 760, '#8b5cf6'],
        [1300, 780, '#ef4444'],
        [820, 120, '#22c55e'],
      ]
        .map(
          ([x, y, c]) =>
            `<rect x="${x}" y="${y}" width="26" height="26" rx="6" fill="${c}" transform="rotate(20 ${x} ${y})"/>`,
        )
        .join('') +
      `${kid(1080, 420, '#7c2d12')}<rect x="420" y="520" width="560" height="340" rx="20" fill="#ec4899"/><rect x="660" y="520" width="80" height="340" fill="#fde047"/>` +
      `<rect x="470" y="380" width="460" height="200" rx="100" fill="#fff7ed" stroke="#fdba74" stroke-width="6"/>${use('crab', 520, 400, 160)}${use('octopus', 720, 400, 160)}`,
  ],
}

const images = new URL('../public/images/', import.meta.url)
const drawings = new URL('../client/content/photos/drawings/', import.meta.url)
const write = (dir: URL, name: string, text: string) => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(new URL(name, dir), text)
}

for (const kind of KINDS)
  write(
    images,
    `character-${kind}.svg`,
    svg(120, 120, character(kind), `${CHARACTERS[kind].name}, a square animal friend`),
  )
// All six in one file, side by side, each named by a <view>: the landing page shows
// `characters.svg#octopus` and so on, one request and one SVG document for the six instead
// of six of each (bench/README.md, 'What each mechanism is worth').
write(
  images,
  'characters.svg',
  svg(
    120 * KINDS.length,
    120,
    KINDS.map(
      (kind, i) =>
        `<view id="${kind}" viewBox="${120 * i} 0 120 120"/><svg x="${120 * i}" width="120" height="120" viewBox="0 0 120 120">${character(kind)}</svg>`,
    ).join(''),
    'The six square animal friends',
  ),
)
for (const [name, [label, body]] of Object.entries(blanketViews))
  write(drawings, `${name}.svg`, svg(1200, 1200, symbols() + body, label))
for (const [name, [label, body]] of Object.entries(lifestyleScenes))
  write(drawings, `${name}.svg`, svg(1600, 1000, symbols() + body, label))
write(images, '../favicon.svg', svg(120, 120, character('koala'), 'Square Snuggles'))
