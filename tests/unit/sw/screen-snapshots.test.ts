import { describe, expect, it } from 'vitest';
import {
  documentWithSnapshot,
  isSnapshotScreen,
  parseScreenSnapshot,
  SCREEN_SNAPSHOT_MAX_AGE_MS,
  SCREEN_SNAPSHOT_MAX_HTML_CHARS,
  snapshotCacheKey,
  type ScreenSnapshot,
} from '../../../sw/screen-snapshots.ts';

const now = Date.UTC(2026, 10, 27, 12);
const snapshot: ScreenSnapshot = {
  version: 1,
  userId: 'a0000000-0000-4000-8000-000000000011',
  path: '/dashboard',
  html: '<nav>NomadNest</nav><main><h1>My Dashboard</h1><p>Casa Azul · Mar 3 – Jun 3</p></main>',
  stylesheets: ['/assets/index-AbC123.css', '/assets/dashboard-page-x_Y-9.css'],
  content: 'bookings-rendered',
  savedAt: now - 60_000,
};

describe('isSnapshotScreen', () => {
  it.each([
    ['/dashboard', true],
    ['/dashboard/', true],
    ['/properties', true],
    ['/', false],
    ['/messages', false],
    ['/property/b0000000-0000-4000-8000-000000000001', false],
    ['/dashboard/extra', false],
    ['/profile', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isSnapshotScreen(pathname)).toBe(expected);
  });
});

describe('snapshotCacheKey', () => {
  it('keys path and query on the origin, so Explore with other filters is another screen', () => {
    expect(snapshotCacheKey('https://nomadnest.example', '/properties?location=lisbon')).toBe('https://nomadnest.example/__screen-snapshots__?path=%2Fproperties%3Flocation%3Dlisbon');
    expect(snapshotCacheKey('https://nomadnest.example', '/properties')).not.toBe(snapshotCacheKey('https://nomadnest.example', '/properties?location=lisbon'));
  });
});

describe('parseScreenSnapshot', () => {
  it('keeps a valid snapshot, signed in or signed out', () => {
    expect(parseScreenSnapshot(snapshot, now)).toEqual(snapshot);
    expect(parseScreenSnapshot({ ...snapshot, userId: null, content: null }, now)).not.toBeNull();
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['another version', { ...snapshot, version: 2 }],
    ['no html', { ...snapshot, html: undefined }],
    ['a numeric user', { ...snapshot, userId: 7 }],
    ['a non-string content mark', { ...snapshot, content: 1 }],
    ['a stylesheet of another origin', { ...snapshot, stylesheets: ['https://evil.example/x.css'] }],
    ['a stylesheet outside /assets', { ...snapshot, stylesheets: ['/api/x.css'] }],
    ['a stylesheet path climbing out', { ...snapshot, stylesheets: ['/assets/../x.css'] }],
    ['a script', { ...snapshot, html: '<p>hi</p><SCRIPT>alert(1)</SCRIPT>' }],
    ['an iframe', { ...snapshot, html: '<iframe src="/"></iframe>' }],
    ['a nested template', { ...snapshot, html: '<template shadowrootmode="open"></template>' }],
    ['markup over the size limit', { ...snapshot, html: 'x'.repeat(SCREEN_SNAPSHOT_MAX_HTML_CHARS + 1) }],
    ['one saved too long ago', { ...snapshot, savedAt: now - SCREEN_SNAPSHOT_MAX_AGE_MS - 1 }],
    ['one saved in the future', { ...snapshot, savedAt: now + 61_000 }],
  ])('drops %s', (_name, value) => {
    expect(parseScreenSnapshot(value, now)).toBeNull();
  });

  it('keeps one at the age limit, and text that merely mentions a script', () => {
    expect(parseScreenSnapshot({ ...snapshot, savedAt: now - SCREEN_SNAPSHOT_MAX_AGE_MS }, now)).not.toBeNull();
    expect(parseScreenSnapshot({ ...snapshot, html: '<p>&lt;script&gt; is escaped text</p>' }, now)).not.toBeNull();
  });
});

describe('documentWithSnapshot', () => {
  const shell = '<!doctype html><html><head><title>NomadNest</title></head><body>\n    <div id="root" data-prerendered="without-query"><main>skeleton</main></div>\n  </body></html>';

  it('draws the snapshot before #root in a closed shadow root with its styles, hidden from assistive technology', () => {
    const html = documentWithSnapshot(shell, snapshot, ['.a{color:red}', '.b{color:blue}'])!;
    const overlayAt = html.indexOf('<div id="screen-snapshot"');
    expect(overlayAt).toBeGreaterThan(html.indexOf('<body>'));
    expect(overlayAt).toBeLessThan(html.indexOf('<div id="root" data-prerendered'));
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('data-path="/dashboard"');
    expect(html).toContain(`data-user="${snapshot.userId}"`);
    expect(html).toContain('data-content="bookings-rendered"');
    expect(html).toContain(`<template shadowrootmode="closed"><style>.a{color:red}\n.b{color:blue}</style><div id="root">${snapshot.html}</div></template>`);
    // the app's own root, prerendered markup and all, is untouched
    expect(html).toContain('<div id="root" data-prerendered="without-query"><main>skeleton</main></div>');
  });

  it('a signed-out snapshot without content carries an empty user and no content mark', () => {
    const html = documentWithSnapshot(shell, { ...snapshot, userId: null, content: null }, [])!;
    expect(html).toContain('data-user=""');
    expect(html).not.toContain('data-content');
  });

  it('escapes the path into its attribute and keeps a stylesheet from closing the style element', () => {
    const html = documentWithSnapshot(shell, { ...snapshot, path: '/properties?location="><b>x' }, ['a::after{content:"</style><b>"}'])!;
    expect(html).toContain('data-path="/properties?location=&quot;>&lt;b>x"');
    expect(html).not.toContain('</style><b>');
  });

  it('runs the app\'s module scripts after the first frame, fetched at once', () => {
    const withScript = shell.replace('</title>', '</title><script type="module" crossorigin src="/assets/index-Ab1.js"></script>');
    const html = documentWithSnapshot(withScript, snapshot, [])!;
    expect(html).not.toContain('<script type="module" crossorigin src=');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-Ab1.js">');
    expect(html).toContain('import("/assets/index-Ab1.js")');
    expect(html).toContain('requestAnimationFrame(');
  });

  it('needs a #root to go before', () => {
    expect(documentWithSnapshot('<html><body></body></html>', snapshot, [])).toBeNull();
  });
});
