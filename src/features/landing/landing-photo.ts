// The landing hero's photo: a demo listing's first photo, a static file in public/images (rendered by
// tests/tools/generate-landing-photo.ts), referenced by URL so no image enters the JS bundle.
export const LANDING_PHOTO = {
  /** Aldea Zama Jungle Villa, Tulum (supabase/seed/demo-data.ts). */
  propertyId: 'b0000000-0000-4000-8000-000000000009',
  alt: 'A white coliving villa with a pool among palm trees in Tulum',
  caption: { title: 'Jungle villa, Tulum', text: 'Rooms with desks, 150 Mbps Wi-Fi and housemates who work like you' },
  /** Intrinsic size of the largest file (4:3, as listing photos are). */
  width: 1200,
  height: 900,
  widths: [640, 1200] as const,
  src: (width: number) => `/images/landing-villa-${width}.webp`,
} as const;
