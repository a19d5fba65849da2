import type { ReactNode } from 'react'
import { CONTACT_EMAIL } from '../content/contact.ts'

/** The long-form pages' layout: Terms, Privacy, About. */
/** Long-form text: headings, paragraphs and lists spaced for reading. */
const PROSE = [
  'mx-auto max-w-3xl px-4 py-12 text-stone-700',
  '[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-extrabold [&_h2]:text-stone-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-stone-900',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1',
].join(' ')

export function Prose({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className={PROSE}>
      <h1 className="text-4xl font-extrabold text-stone-900">{title}</h1>
      {intro && <p className="text-stone-500">{intro}</p>}
      {children}
    </article>
  )
}

export const Email = () => (
  <a className="font-semibold text-orange-700 underline" href={`mailto:${CONTACT_EMAIL}`}>
    {CONTACT_EMAIL}
  </a>
)
