// Explore searches the whole catalogue on the server (docs/decisions/explore-server-search.md): with 2,000
// more listings than the seed, "lisbon" counts every Lisbon listing, Show more brings the next page, and
// offline Explore says its results are the listings saved on this device. The listings are Maya's, written
// as the service role and deleted afterwards (the other specs count the seeded villas).
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { properties as seededProperties } from '../../supabase/seed/demo-data.ts';
import { api, json } from './support/backend-api.ts';
import { maya, unique } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const LISTINGS = 2000;
const PAGE = 24;
const places = [['Lisbon', 'Portugal'], ['Ubud', 'Indonesia'], ['Tulum', 'Mexico'], ['Tbilisi', 'Georgia'], ['Porto', 'Portugal'], ['Medellín', 'Colombia'], ['Canggu', 'Indonesia'], ['Chiang Mai', 'Thailand']] as const;
const tag = unique('Catalogue');

// Listed before the seed (2020), one minute apart: the newest is the last one written.
const listings = Array.from({ length: LISTINGS }, (_, index) => {
  const [city, country] = places[index % places.length]!;
  const created = new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString();
  return { id: randomUUID(), host_id: maya.id, name: `${tag} ${index}`, city, country, price_per_week: 200 + (index % 10) * 10, wifi_speed_mbps: 100, created_at: created, updated_at: created };
});
const lisbonListings = listings.filter((listing) => listing.city === 'Lisbon').reverse();
const seededLisbon = seededProperties.filter((p) => `${p.city} ${p.country}`.toLowerCase().includes('lisbon'));
const lisbonCount = lisbonListings.length + seededLisbon.length;

const cards = (page: Page) => page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
const count = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

test.describe('Explore searches the whole catalogue', () => {
  test.beforeAll(async () => {
    for (let start = 0; start < LISTINGS; start += 500) {
      const chunk = listings.slice(start, start + 500);
      await json(await api('/rest/v1/properties', { method: 'POST', useServiceKey: true, body: JSON.stringify(chunk) }), 201);
      const rooms = chunk.map((listing) => ({ property_id: listing.id, name: 'Room', price_per_week: listing.price_per_week, created_at: listing.created_at, updated_at: listing.updated_at }));
      await json(await api('/rest/v1/rooms', { method: 'POST', useServiceKey: true, body: JSON.stringify(rooms) }), 201);
    }
  });
  test.afterAll(async () => {
    // a delete leaves a tombstone (as deleteListing does), which Explore leaves out
    await json(await api(`/rest/v1/properties?name=${encodeURIComponent(`like.${tag}*`)}`, { method: 'DELETE', useServiceKey: true }), 204);
  });

  test('"lisbon" counts every Lisbon listing on the server, Show more brings the next page, offline says the results are this device\'s', async ({ page, context }) => {
    // two pages of cards, full-page screenshots at two widths, offline and back: more than the default 30 s on a busy machine
    test.slow();
    expect(lisbonListings).toHaveLength(LISTINGS / places.length);
    await page.goto('/properties');
    await expect(count(page, `${(LISTINGS + seededProperties.length).toLocaleString('en-US')} villas`)).toBeVisible({ timeout: 20_000 });

    await page.getByLabel('Location').fill('lisbon');
    await expect(count(page, new RegExp(`^${lisbonCount} villas$`))).toBeVisible();
    await expect(cards(page)).toHaveCount(PAGE);
    await expect(page.getByText(`Showing ${PAGE} of ${lisbonCount} villas`)).toBeVisible();
    // the seeded Lisbon villa is the newest; the page's last card is the listing 23rd newest of ours
    await expect(cards(page).last().getByRole('link', { name: lisbonListings[PAGE - 1 - seededLisbon.length]!.name, exact: true })).toBeVisible();
    await screenshotBothWidths(page, 'explore-server-search');

    await page.getByRole('button', { name: 'Show more villas' }).click();
    await expect(cards(page)).toHaveCount(2 * PAGE);
    await expect(cards(page).last().getByRole('link', { name: lisbonListings[2 * PAGE - 1 - seededLisbon.length]!.name, exact: true })).toBeVisible();
    await expect(page.getByText(`Showing ${2 * PAGE} of ${lisbonCount} villas`)).toBeVisible();
    await expect(count(page, new RegExp(`^${lisbonCount} villas$`))).toBeVisible();

    // Offline the same filter runs over what this device saved: the pages seen, not the catalogue.
    await context.setOffline(true);
    await expect(page.getByRole('note').filter({ hasText: "You're offline: these results come from the listings saved on this device" })).toBeVisible();
    await expect(count(page, `Showing ${2 * PAGE} villas saved on this device`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more villas' })).toHaveCount(0);
    await screenshotBothWidths(page, 'explore-offline-notice');
    await context.setOffline(false);
    await expect(count(page, new RegExp(`^${lisbonCount} villas$`))).toBeVisible();
  });
});
