// Which document a navigation gets (docs/decisions/prerendered-public-pages.md): a prerendered page's own, or
// the plain shell, so no route hydrates another page's HTML. The preview server and the service worker ask this.
import { describe, expect, it } from 'vitest';
import { prerenderedDocumentFor, PRERENDERED_PAGES, propertyIdOfPath } from '../../../src/config/prerendered-pages.ts';

const propertyId = 'b0000000-0000-4000-8000-000000000001';

describe('prerendered documents', () => {
  it('gives the landing, Explore and property pages their own documents', () => {
    expect(prerenderedDocumentFor('/')).toBe('/prerendered/landing.html');
    expect(prerenderedDocumentFor('/properties')).toBe('/prerendered/properties.html');
    expect(prerenderedDocumentFor(`/property/${propertyId}`)).toBe('/prerendered/property.html');
  });

  it('leaves every other route to the plain shell', () => {
    for (const path of ['/auth', '/dashboard', '/property/new', `/property/${propertyId}/edit`, '/room/new', '/properties/x', '/no-such-page']) {
      expect(prerenderedDocumentFor(path), path).toBeNull();
    }
  });

  it('renders each page at a path it is the document for', () => {
    for (const page of PRERENDERED_PAGES) expect(prerenderedDocumentFor(page.renderPath)).toBe(`/${page.document}`);
  });
});

describe('the listing id of a property page path', () => {
  it.each([
    [`/property/${propertyId}`, propertyId],
    [`/property/${propertyId}/`, propertyId],
    ['/property/new', null],
    ['/property/new/', null],
    [`/property/${propertyId}/edit`, null],
    ['/property/', null],
    ['/properties', null],
    [`/room/${propertyId}`, null],
  ])('%s → %s', (path, id) => {
    expect(propertyIdOfPath(path)).toBe(id);
  });
});
