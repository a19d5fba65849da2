import type { SVGProps } from 'react'
import { Icon } from './icons.tsx'

export const benefitIcons = {
  palette: (p: SVGProps<SVGSVGElement>) => (
    <Icon {...p}>
      <path d="M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 3 0 4-1 3-2 3-4c0-4.4-4-8-9-8z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </Icon>
  ),
  cloud: (p: SVGProps<SVGSVGElement>) => (
    <Icon {...p}>
      <path d="M7 18h10a4 4 0 0 0 0-8 6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 18z" />
    </Icon>
  ),
  shield: (p: SVGProps<SVGSVGElement>) => (
    <Icon {...p}>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z" />
      <path d="M9 12l2 2 4-4" />
    </Icon>
  ),
  heart: (p: SVGProps<SVGSVGElement>) => (
    <Icon {...p}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </Icon>
  ),
  sparkle: (p: SVGProps<SVGSVGElement>) => (
    <Icon {...p}>
      <path d="M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2 2-6z" />
    </Icon>
  ),
}
