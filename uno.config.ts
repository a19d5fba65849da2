import { defineConfig, presetWind3 } from 'unocss'

export default defineConfig({
  presets: [presetWind3()],
  shortcuts: [
    // `below-fold-PHONE-WIDE`: a part of a page that starts below the first view. The browser
    // skips its style, layout and paint until it comes near the screen (bench/README.md, 'What
    // each mechanism is worth'); its words stay in the page for find-in-page and screen readers.
    // Until it first renders, its content is taken to be PHONE px tall on a phone and WIDE px
    // from `md` up, the real heights of its content box (its padding comes on top: figures
    // that included it made the landing page 336 px taller than it is on a phone); after, the
    // browser keeps the height it last had (`auto`).
    // test/browser/below-fold.test.ts holds the two figures to the section's real height.
    [
      /^below-fold-(\d+)-(\d+)$/,
      ([, phone, wide]) =>
        `[content-visibility:auto] [contain-intrinsic-size:auto_${phone}px] md:[contain-intrinsic-size:auto_${wide}px]`,
    ],
  ],
  content: { pipeline: { include: [/client\/.*\.tsx?$/] } },
})
