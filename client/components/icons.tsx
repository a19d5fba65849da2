import type { SVGProps } from 'react'

// Small line icons drawn for the shop (24×24, currentColor). They are grouped by the chunk
// that needs them, so the first download carries only the header's: the drawer's are in
// drawer-icons.tsx, the product page's in product-icons.tsx, the benefit strip's in
// benefit-icons.tsx and the landing page's story's in story-icons.tsx.
export const Icon = ({ children, ...props }: SVGProps<SVGSVGElement>) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    {children}
  </svg>
)

export const BagIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M6 7h12l1 14H5L6 7z" />
    <path d="M9 7a3 3 0 0 1 6 0" />
  </Icon>
)
