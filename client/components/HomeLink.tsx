// The header's link home, a static section (Header.tsx): the logo's drawing is in the
// HTML but in no JavaScript the browser loads.

/**
 * The shop's mark, a square koala: public/favicon.svg drawn inline. As an <img> it would be
 * a separate request and an SVG document of its own for the main thread to build while the
 * page starts.
 */
const LogoMark = () => (
  <svg viewBox="0 0 120 120" width="36" height="36" aria-hidden="true" focusable="false">
    <circle cx="18" cy="24" r="16" fill="#94a3b8" />
    <circle cx="102" cy="24" r="16" fill="#94a3b8" />
    <circle cx="18" cy="24" r="8" fill="#f1f5f9" />
    <circle cx="102" cy="24" r="8" fill="#f1f5f9" />
    <rect x="14" y="14" width="92" height="92" rx="20" fill="#94a3b8" />
    <circle cx="38" cy="48" r="9" fill="#fff" />
    <circle cx="82" cy="48" r="9" fill="#fff" />
    <circle cx="40" cy="50" r="5" fill="#1c1917" />
    <circle cx="84" cy="50" r="5" fill="#1c1917" />
    <rect x="50" y="52" width="20" height="22" rx="10" fill="#334155" />
    <ellipse cx="28" cy="70" rx="7" ry="4" fill="#fda4af" opacity=".8" />
    <ellipse cx="92" cy="70" rx="7" ry="4" fill="#fda4af" opacity=".8" />
  </svg>
)

export function HomeLink() {
  return (
    <a href="/" className="flex items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-stone-800">
      <LogoMark />
      <span>Square Snuggles</span>
    </a>
  )
}
