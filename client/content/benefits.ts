// The benefit strip, on the landing and product pages.

export type Benefit = { icon: 'palette' | 'cloud' | 'shield' | 'heart' | 'sparkle'; title: string; description: string }

export const benefits: Benefit[] = [
  {
    icon: 'palette',
    title: 'Vibrant Colors',
    description: 'Six bright friends printed to stay bright, wash after wash.',
  },
  { icon: 'cloud', title: 'Super Soft', description: 'Thick fleece that feels like a hug on small cheeks.' },
  { icon: 'shield', title: 'Extra Durable', description: 'Strong stitching for tugging, dragging and fort-building.' },
  { icon: 'heart', title: 'Mom-Friendly', description: 'Into the machine, out of the dryer, back in their arms.' },
  {
    icon: 'sparkle',
    title: 'Made to Last',
    description: 'A blanket they keep long after they have outgrown the crib.',
  },
]
