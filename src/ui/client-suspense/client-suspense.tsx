import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const subscribeNever = () => () => {};

/**
 * A Suspense boundary whose children render in the browser only. Prerendered HTML and the render that
 * hydrates it show `fallback`, so a lazily loaded control (whose markup can depend on the day or the
 * device) is never rendered at build time nor hydrated against build-time HTML; right after hydration
 * (or at once, in a page rendered in the browser) the children load as with Suspense.
 */
export function ClientSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  // The server snapshot is what hydration reads; the browser's is true from then on.
  const isInBrowser = useSyncExternalStore(subscribeNever, () => true, () => false);
  return <Suspense fallback={fallback}>{isInBrowser ? children : fallback}</Suspense>;
}
