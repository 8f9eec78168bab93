// The pages whose HTML is rendered at build time (docs/decisions/prerendered-public-pages.md). The build
// writes each document; the preview server and the service worker answer a navigation with the document
// of its page, and every other route with the plain shell (index.html), so no page hydrates another's HTML.

export interface PrerenderedPage {
  /** the file the build writes, relative to the output directory */
  document: string;
  /** the URL the page is rendered at */
  renderPath: string;
  /** the route's page module, as the build manifest names it (its chunk and CSS are linked from the document) */
  routeModule: string;
  /** whether the HTML is also the page for a URL with a query string (Explore's filters come from it) */
  hydratesWithQuery: boolean;
  /** a module the build bundles and inlines at the top of the document, to start the page's data early */
  inlineScript?: string;
  matches(pathname: string): boolean;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    document: 'prerendered/landing.html',
    renderPath: '/',
    routeModule: 'src/features/landing/landing-page.tsx',
    hydratesWithQuery: true,
    matches: (pathname) => pathname === '/',
  },
  {
    document: 'prerendered/properties.html',
    renderPath: '/properties',
    routeModule: 'src/features/explore/explore-page.tsx',
    hydratesWithQuery: false,
    inlineScript: 'src/features/explore/first-read/first-read-script.ts',
    matches: (pathname) => pathname === '/properties' || pathname === '/properties/',
  },
  {
    // Rendered before any property is known: the page's skeleton, the same for every id.
    document: 'prerendered/property.html',
    renderPath: '/property/prerendered',
    routeModule: 'src/features/property/property-page.tsx',
    hydratesWithQuery: true,
    inlineScript: 'src/features/property/first-read/first-read-script.ts',
    matches: (pathname) => propertyIdOfPath(pathname) !== null,
  },
];

/** The listing id of a property page's path; null for any other path (/property/new is the listing form). */
export function propertyIdOfPath(pathname: string): string | null {
  const id = /^\/property\/([^/]+)\/?$/.exec(pathname)?.[1];
  return id && id !== 'new' ? id : null;
}

/** The prerendered document for a navigation to `pathname` (e.g. `/prerendered/landing.html`), or null: the plain shell. */
export function prerenderedDocumentFor(pathname: string): string | null {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.matches(pathname));
  return page ? `/${page.document}` : null;
}

/** How the root element says the HTML inside it was prerendered, and whether a query string keeps it valid. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export type PrerenderedMode = 'any-query' | 'without-query';
