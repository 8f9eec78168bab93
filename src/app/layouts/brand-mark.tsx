// The one brand mark (the house of public/favicon.svg): the nav, the footer, the favicon and the PWA
// icons (rendered from the same file by tests/tools/generate-icons.ts) all show it. A URL, not an
// import, so it costs the bundle nothing and the service worker's precache serves it offline.
export const BRAND_MARK_SRC = '/favicon.svg';

export function BrandMark({ className, size = 32 }: { className?: string; size?: number }) {
  return <img src={BRAND_MARK_SRC} alt="" width={size} height={size} className={className} data-brand-mark="" />;
}
