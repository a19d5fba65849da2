import type { SVGProps } from 'react'

// Small line icons drawn for the shop (24×24, currentColor).
const Icon = ({ children, ...props }: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
    {children}
  </svg>
)

export const BagIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}><path d="M6 7h12l1 14H5L6 7z" /><path d="M9 7a3 3 0 0 1 6 0" /></Icon>
)
export const PlusIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M12 5v14M5 12h14" /></Icon>
export const MinusIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M5 12h14" /></Icon>
export const TrashIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}><path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" /></Icon>
)
export const CloseIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M6 6l12 12M18 6L6 18" /></Icon>
export const ChevronIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M6 9l6 6 6-6" /></Icon>
export const ArrowLeftIcon = (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M19 12H5M11 6l-6 6 6 6" /></Icon>
export const SpinnerIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p} className={`animate-spin ${p.className ?? ''}`}><path d="M12 3a9 9 0 1 0 9 9" /></Icon>
)
export const StarIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p} fill="currentColor" stroke="none"><path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" /></Icon>
)

export const benefitIcons = {
  palette: (p: SVGProps<SVGSVGElement>) => (
    <Icon {...p}><path d="M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 3 0 4-1 3-2 3-4c0-4.4-4-8-9-8z" /><circle cx="7.5" cy="11" r="1" /><circle cx="10" cy="7" r="1" /><circle cx="15" cy="7.5" r="1" /></Icon>
  ),
  cloud: (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M7 18h10a4 4 0 0 0 0-8 6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 18z" /></Icon>,
  shield: (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z" /><path d="M9 12l2 2 4-4" /></Icon>,
  heart: (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" /></Icon>,
  sparkle: (p: SVGProps<SVGSVGElement>) => <Icon {...p}><path d="M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2 2-6z" /></Icon>,
}

/** The shop's mark: a square koala, like the favicon. */
export const LogoMark = (p: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 120 120" width="36" height="36" aria-hidden="true" focusable="false" {...p}>
    <circle cx="18" cy="24" r="16" fill="#94a3b8" /><circle cx="102" cy="24" r="16" fill="#94a3b8" />
    <circle cx="18" cy="24" r="8" fill="#f1f5f9" /><circle cx="102" cy="24" r="8" fill="#f1f5f9" />
    <rect x="14" y="14" width="92" height="92" rx="20" fill="#94a3b8" />
    <circle cx="38" cy="48" r="9" fill="#fff" /><circle cx="82" cy="48" r="9" fill="#fff" />
    <circle cx="40" cy="50" r="5" fill="#1c1917" /><circle cx="84" cy="50" r="5" fill="#1c1917" />
    <rect x="50" y="52" width="20" height="22" rx="10" fill="#334155" />
  </svg>
)
