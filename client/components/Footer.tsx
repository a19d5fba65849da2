export function Footer() {
  return (
    <footer className="border-t border-stone-200 bg-stone-50 py-8 text-sm text-stone-600">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 sm:flex-row sm:items-center sm:justify-between">
        <p>© 2026 Square Snuggles. All rights reserved.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          <a href="/about">About</a>
          <a href="mailto:hello@squaresnuggles.com">E-mail</a>
          <a href="https://wa.me/15555550123">Message</a>
          <a href="/privacy">Privacy</a>
          <a href="/terms">Terms of use</a>
        </nav>
      </div>
    </footer>
  )
}
