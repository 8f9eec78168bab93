import { lazy, type ComponentType } from 'react';

/** A route's code could not be loaded (offline, a dropped connection): not a bug of the page. */
export class RouteChunkError extends Error {
  constructor(cause: unknown) {
    super("The page's code could not be loaded", { cause });
    this.name = 'RouteChunkError';
  }
}

/** Routes whose load failed, each with what gives it a fresh load. */
const failedRoutes = new Set<() => void>();

/**
 * A route's page, loaded with its own chunk on first render. A failed load reaches RouteErrorBoundary as a
 * RouteChunkError and stays failed (React keeps a lazy component's failure) until reloadFailedRoutes.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const loadPage = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedRoutes.add(() => {
          Page = loadPage();
        });
        throw new RouteChunkError(error);
      }),
    );
  let Page = loadPage();
  return function RoutePage() {
    return <Page />;
  };
}

/** Gives every route whose load failed a fresh one, tried when it next renders (called once the error is shown). */
export function reloadFailedRoutes(): void {
  for (const reload of failedRoutes) reload();
  failedRoutes.clear();
}
