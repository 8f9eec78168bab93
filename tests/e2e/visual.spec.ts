import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bookingTotal } from '../../src/domain/pricing.ts';
import { checkoutDate } from '../../src/domain/stay-dates.ts';
import { api } from './support/backend-api.ts';
import { propertyIds, signInAt } from './support/booking-card.ts';
import { insertBookingAsService, insertMessage, json, maya, newGuest, type NewGuest } from './support/own-data.ts';
import { viewports } from './support/screenshots.ts';

// Visual regressions of the key screens: each is compared with a reviewed baseline in
// tests/e2e/visual.spec.ts-snapshots/ at phone (390 px) and desktop (1280 px) width, with a small tolerance.
// The public screens show seeded rows no spec changes; the signed-in ones show a guest made for this spec
// with bookings on fixed dates and one fixed conversation, so no other spec's messages or bookings and no
// date relative to today reach them. What changes with time ("last synced", toasts, message times) is
// masked, animations are finished, fonts and the images in view are loaded.
//
// After an intended change to one of these screens, look at the diff in the HTML report, then rewrite the
// baselines and look at each new image before committing it:
//   CI=1 npm run test:e2e -- tests/e2e/visual.spec.ts --update-snapshots

/** Up to 1% of the pixels may differ (anti-aliasing, a photo decoded a little differently). */
const maxDiffPixelRatio = 0.01;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

interface Screen {
  name: string;
  path: string;
  /** Signed in as a guest made for this test, or signed out. */
  as?: () => Promise<NewGuest>;
  /** What the screen shows once its content is there (not a skeleton). */
  ready: (page: Page) => Locator[];
  /** Parts whose content depends on today's date or on timing. */
  mask?: (page: Page) => Locator[];
}

/** Shown on every screen that may change with time: the sync badge and any `<time>` (toasts are hidden). */
const alwaysMasked = (page: Page) => [page.getByRole('button', { name: /^Sync status:/ }), page.locator('time')];
const hideToasts = fileURLToPath(new URL('./support/screenshot-hide-toasts.css', import.meta.url));

const screens: Screen[] = [
  { name: 'landing', path: '/', ready: (page) => [heading(page, /Live and work from a villa/), page.getByRole('button', { name: 'Search' })] },
  {
    name: 'explore',
    path: '/properties',
    ready: (page) => [heading(page, 'Explore Villas'), page.getByRole('list', { name: 'Properties' }).getByRole('listitem').first()],
  },
  {
    name: 'property',
    path: `/property/${propertyIds.ubud}`,
    ready: (page) => [heading(page, 'Rice Terrace Coliving Villa'), page.getByRole('region', { name: 'Book Your Stay' })],
  },
  {
    name: 'guest-dashboard',
    path: '/dashboard',
    as: () => guestWithStays(),
    ready: (page) => [heading(page, 'My Dashboard'), page.getByText('Alfama Rooftop House').first(), page.getByText('El Poblado Garden Villa').first()],
    // The year of the stays (a retry moves them).
    mask: (page) => [page.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)],
  },
  {
    name: 'messages',
    path: `/messages?conversation=${maya.id}`,
    as: () => guestWithChat(),
    ready: (page) => [page.getByRole('log', { name: 'Messages' }).getByText(mayasReply)],
  },
];

const alfama = 'b0000000-0000-4000-8000-000000000004';

/** A room of the seeded property and its weekly price. */
async function firstRoom(propertyId: string): Promise<{ id: string; price: number }> {
  const [room] = await json<{ id: string; price_per_week: number }[]>(await api(`/rest/v1/rooms?property_id=eq.${propertyId}&select=id,price_per_week&order=name&limit=1`), 200);
  return { id: room!.id, price: Number(room!.price_per_week) };
}

/**
 * Vera, with one stay in each state the dashboard labels, on fixed dates years ahead (a retry moves them a
 * year later, since its stays would overlap the first attempt's).
 */
async function guestWithStays(): Promise<NewGuest> {
  const guest = await newGuest('Vera Lindqvist');
  const year = 2031 + test.info().retry;
  const stays: [string, string, number][] = [
    [alfama, 'accepted', 3],
    [propertyIds.ericeira, 'paid', 2],
    [propertyIds.medellin, 'pending_payment', 2],
    [propertyIds.danang, 'cancelled', 1],
  ];
  for (const [index, [propertyId, status, months]] of stays.entries()) {
    const room = await firstRoom(propertyId);
    const checkIn = `${year}-0${index + 3}-01`;
    await insertBookingAsService({
      user_id: guest.id, property_id: propertyId, room_id: room.id, check_in: checkIn, check_out: checkoutDate(checkIn, months),
      total_price: bookingTotal(months, room.price), status, guest_email: guest.email,
      stripe_payment_intent_id: status === 'pending_payment' ? null : `pi_visual_${guest.id.slice(0, 8)}_${index}`,
    });
  }
  return guest;
}

const mayasReply = 'Yes, and the phone booths are free before 10. Happy to show you on a video call.';

/** Vera's question about the Ubud villa and Maya's reply, both read (no unread count changing under the screenshot). */
async function guestWithChat(): Promise<NewGuest> {
  const guest = await newGuest('Vera Lindqvist');
  const chat = { property_id: propertyIds.ubud, conversation_type: 'host_guest' };
  await insertMessage(guest.email, { ...chat, sender_id: guest.id, receiver_id: maya.id, text: 'Hi Maya, is the coworking bale quiet enough for calls in the morning?' });
  const reply = await insertMessage(maya.email, { ...chat, sender_id: maya.id, receiver_id: guest.id, text: mayasReply });
  await json(await api(`/rest/v1/messages?id=eq.${reply}`, { method: 'PATCH', useServiceKey: true, body: JSON.stringify({ read_at: new Date().toISOString() }) }), 204);
  return guest;
}

/** Every image inside the viewport has loaded (lazy ones below it never load without a scroll). */
async function imagesInViewLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((image) => image.complete && image.naturalWidth > 0),
  );
}

async function settle(page: Page, screen: Screen): Promise<void> {
  for (const signal of screen.ready(page)) await expect(signal).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => imagesInViewLoaded(page), { timeout: 15_000 }).toBe(true);
}

for (const screen of screens) {
  test(`${screen.name} looks as reviewed at phone and desktop width`, async ({ browser }) => {
    test.setTimeout(90_000);
    // Reduced motion: no fade or carousel caught half-way.
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: viewports.desktop });
    const page = await context.newPage();
    if (screen.as) await signInAt(page, (await screen.as()).email, screen.path);
    else await page.goto(screen.path);
    for (const [label, size] of Object.entries(viewports)) {
      await page.setViewportSize(size);
      await settle(page, screen);
      await expect(page).toHaveScreenshot(`${screen.name}-${label}.png`, {
        animations: 'disabled',
        mask: [...alwaysMasked(page), ...(screen.mask?.(page) ?? [])],
        stylePath: hideToasts,
        maxDiffPixelRatio,
      });
    }
    await context.close();
  });
}
