// The last-seen screen, painted before any JavaScript (docs/decisions/screen-snapshots.md). The page keeps
// the markup of a screen it showed (the dashboard, Explore) in a private cache; the service worker answers
// the next navigation to that screen with the app's document plus that markup, drawn above the app in a
// closed shadow root (its own styles, invisible to the page's queries and assistive technology) until the
// app's own screen is ready. Pure functions and constants only: the page and the worker share them.

/** The private cache that holds the snapshots; every wipe of a user's device data deletes it. */
export const SCREEN_SNAPSHOT_CACHE = 'screen-snapshots-v1';
/** The element that carries the snapshot in a served document; the app removes it when its screen is ready. */
export const SCREEN_SNAPSHOT_ELEMENT_ID = 'screen-snapshot';
/** Older snapshots are not shown: a screen last seen weeks ago says little about today. */
export const SCREEN_SNAPSHOT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** A snapshot bigger than this is not kept (a long scrolled list); the app's own screen follows anyway. */
export const SCREEN_SNAPSHOT_MAX_HTML_CHARS = 400_000;

/** The screens worth a snapshot: the ones an installed app opens on, read from the local mirror. */
const SNAPSHOT_SCREENS = [/^\/dashboard\/?$/, /^\/properties\/?$/];

export interface ScreenSnapshot {
  version: 1;
  /** whose screen it is (null: signed out); the app drops a snapshot of anyone but the kept session's user */
  userId: string | null;
  /** path and query of the screen */
  path: string;
  /** the markup inside #root */
  html: string;
  /** the same-origin stylesheets (/assets/….css) the screen was styled with */
  stylesheets: string[];
  /** the performance mark of the screen's content when the snapshot shows it (e.g. 'bookings-rendered') */
  content: string | null;
  savedAt: number;
}

export function isSnapshotScreen(pathname: string): boolean {
  return SNAPSHOT_SCREENS.some((pattern) => pattern.test(pathname));
}

/** The cache key of a screen's snapshot: path and query, on the app's origin. */
export function snapshotCacheKey(origin: string, pathWithQuery: string): string {
  return `${origin}/__screen-snapshots__?path=${encodeURIComponent(pathWithQuery)}`;
}

const isStylesheetPath = (href: unknown): href is string => typeof href === 'string' && /^\/assets\/[\w.-]+\.css$/.test(href);

/** The stored JSON as a snapshot worth painting at `now`, or null (malformed, stale, or not plain markup). */
export function parseScreenSnapshot(value: unknown, now: number): ScreenSnapshot | null {
  if (typeof value !== 'object' || value === null) return null;
  const snapshot = value as Partial<ScreenSnapshot>;
  if (snapshot.version !== 1 || typeof snapshot.html !== 'string' || typeof snapshot.path !== 'string' || typeof snapshot.savedAt !== 'number') return null;
  if (snapshot.userId !== null && typeof snapshot.userId !== 'string') return null;
  if (snapshot.content !== null && typeof snapshot.content !== 'string') return null;
  if (!Array.isArray(snapshot.stylesheets) || !snapshot.stylesheets.every(isStylesheetPath)) return null;
  if (now - snapshot.savedAt > SCREEN_SNAPSHOT_MAX_AGE_MS || snapshot.savedAt > now + 60_000) return null;
  // React's markup never holds these; a snapshot that does was not written by the app.
  if (snapshot.html.length > SCREEN_SNAPSHOT_MAX_HTML_CHARS || /<(?:script|iframe|object|embed|template)\b/i.test(snapshot.html)) return null;
  return snapshot as ScreenSnapshot;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The app's document (the shell, index.html) with the snapshot drawn above #root: fixed over
 * the viewport, scrolling on its own, styled by the screen's stylesheets inside its shadow root. Null when
 * the document has no #root to put it before.
 */
export function documentWithSnapshot(documentHtml: string, snapshot: ScreenSnapshot, stylesheetTexts: string[]): string | null {
  const rootAt = documentHtml.indexOf('<div id="root"');
  if (rootAt < 0) return null;
  const css = stylesheetTexts.join('\n').replace(/<\/style/gi, '<\\/style');
  const attributes = [
    `id="${SCREEN_SNAPSHOT_ELEMENT_ID}"`,
    'aria-hidden="true"',
    `data-path="${escapeAttribute(snapshot.path)}"`,
    `data-user="${escapeAttribute(snapshot.userId ?? '')}"`,
    snapshot.content ? `data-content="${escapeAttribute(snapshot.content)}"` : '',
    'style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:inherit"',
  ].filter(Boolean);
  const overlay = `<div ${attributes.join(' ')}><template shadowrootmode="closed"><style>${css}</style><div id="root">${snapshot.html}</div></template></div>`;
  return paintBeforeScripts(`${documentHtml.slice(0, rootAt)}${overlay}\n    ${documentHtml.slice(rootAt)}`);
}

/**
 * The app's module scripts run after the first frame: fetched as before (a modulepreload), evaluated
 * once the snapshot is on screen. Parsed and ready, a deferred module script would otherwise run before
 * the browser paints, and on a slow phone evaluating React and the app takes hundreds of milliseconds.
 * A tab that draws no frame (opened in the background) starts them after 100 ms all the same.
 */
function paintBeforeScripts(documentHtml: string): string {
  return documentHtml.replace(/<script type="module" crossorigin src="([^"<>]+)"><\/script>/g, (_tag, src: string) => {
    const start = `let started = false; const start = () => { if (!started) { started = true; import(${JSON.stringify(src)}); } };`;
    return `<link rel="modulepreload" crossorigin href="${src}"><script type="module">${start} requestAnimationFrame(() => setTimeout(start)); setTimeout(start, 100);</script>`;
  });
}
