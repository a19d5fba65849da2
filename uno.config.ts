import { defineConfig, presetWind3 } from 'unocss'

export default defineConfig({
  presets: [presetWind3()],
  shortcuts: {
    // A part of a page that starts out of the first view: the browser skips its style,
    // layout and paint until it comes near the screen, and keeps its last size after
    // (bench/README.md, 'What each mechanism is worth'). Its words stay in the page for
    // find-in-page and screen readers.
    'below-fold': '[content-visibility:auto] [contain-intrinsic-size:auto_800px]',
  },
  content: { pipeline: { include: [/client\/.*\.tsx?$/] } },
})
