// @vitest-environment happy-dom
// Once Splide has the carousel's dots, React no longer owns them (ServerDots.tsx): a render
// of the carousel after Splide mounted, with other slides, leaves Splide's dots alone and
// takes out none of React's that Splide removed. Before the handover was a state, React
// still owned dots that were gone from the page, and this render threw NotFoundError.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { Carousel } from '../../client/components/carousel/Carousel.tsx'
import { HERO_CAROUSEL } from '../../client/components/carousel/names.ts'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
const roots: Array<() => void> = []
afterEach(() => roots.splice(0).forEach((unmount) => act(unmount)))

const slides = (count: number) => Array.from({ length: count }, (_, i) => <p key={i}>slide {i + 1}</p>)

test("a carousel drawn again after Splide mounted keeps Splide's dots, one for each slide", () => {
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)
  roots.push(() => root.unmount())
  act(() =>
    root.render(
      <Carousel carousel={HERO_CAROUSEL} label="Photos">
        {slides(5)}
      </Carousel>,
    ),
  )
  const dots = () => [...host.querySelectorAll('[role="tablist"] > li')]
  expect(dots()).toHaveLength(5)
  // Splide's own: a server dot carries its slide's index for the page's starter script.
  expect(dots().every((dot) => !dot.querySelector('[data-dot]'))).toBe(true)
  act(() =>
    root.render(
      <Carousel carousel={HERO_CAROUSEL} label="Photos">
        {slides(3)}
      </Carousel>,
    ),
  )
  expect(host.querySelectorAll('.splide__slide:not(.splide__slide--clone)')).toHaveLength(3)
  expect(dots()).toHaveLength(3)
  expect(dots().every((dot) => !dot.querySelector('[data-dot]'))).toBe(true)
})
