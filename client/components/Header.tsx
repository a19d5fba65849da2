export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="/" className="text-xl font-extrabold tracking-tight text-stone-800" aria-label="Square Snuggles home">
          Square Snuggles
        </a>
      </div>
    </header>
  )
}
