import { CONTACT_EMAIL, CONTACT_MESSAGE_URL } from '../content/contact'

export function Footer() {
  return (
    <footer className="border-t border-stone-200 bg-stone-900 py-10 text-sm text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 sm:flex-row sm:items-center sm:justify-between">
        <p>© 2026 Square Snuggles. All rights reserved.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li><a className="inline-flex min-h-6 items-center hover:text-white" href="/about">About</a></li>
            <li><a className="inline-flex min-h-6 items-center hover:text-white" href={`mailto:${CONTACT_EMAIL}`}>E-mail</a></li>
            <li><a className="inline-flex min-h-6 items-center hover:text-white" href={CONTACT_MESSAGE_URL} rel="noopener noreferrer" target="_blank">Message</a></li>
            <li><a className="inline-flex min-h-6 items-center hover:text-white" href="/privacy">Privacy</a></li>
            <li><a className="inline-flex min-h-6 items-center hover:text-white" href="/terms">Terms of use</a></li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
