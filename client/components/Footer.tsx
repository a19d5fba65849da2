import { CONTACT_EMAIL, CONTACT_MESSAGE_URL } from '../content/contact.ts'
import { FOOTER_PAGES } from '../pages/pages.ts'

const LINK = 'inline-flex min-h-6 items-center hover:text-white'

// The shop's own pages from the page table (client/pages/pages.ts), beside the two ways to
// reach us; in the order of their words.
const links = [
  ...FOOTER_PAGES.map(({ label, path }) => ({ label, href: path, external: false })),
  { label: 'E-mail', href: `mailto:${CONTACT_EMAIL}`, external: false },
  { label: 'Message', href: CONTACT_MESSAGE_URL, external: true },
].sort((a, b) => a.label.localeCompare(b.label))

export function Footer() {
  return (
    <footer className="border-t border-stone-200 bg-stone-900 py-10 text-sm text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 sm:flex-row sm:items-center sm:justify-between">
        <p>© 2026 Square Snuggles. All rights reserved.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map(({ label, href, external }) => (
              <li key={label}>
                <a className={LINK} href={href} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
