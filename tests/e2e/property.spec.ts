import { expect, test } from '@playwright/test';
import { backendStatus } from './support/backend.ts';
import {
  bookingCard, calendarDay, chooseOption, dayFromToday, isoDate, pickCheckIn, propertyIds, signIn, signInAt, toasts,
} from './support/booking-card.ts';
import { readStore } from './support/device-data.ts';
import { screenshotBothWidths, viewports } from './support/screenshots.ts';

test.describe('property page', () => {
  test('a visitor sees every section of a listing', async ({ page }) => {
    await page.goto(`/property/${propertyIds.ubud}`);
    // The first visit of a run waits for the lazy route, supabase-js and the local database (busy CI machine).
    await expect(page.getByRole('heading', { level: 1, name: 'Rice Terrace Coliving Villa' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Ubud, Indonesia')).toBeVisible();

    const photos = page.getByRole('region', { name: 'Photos of Rice Terrace Coliving Villa' });
    // The display size: the renderer's with VITE_IMAGE_TRANSFORMATIONS=on, else the uploaded rendition (docs/decisions/photo-renditions.md).
    await expect(photos.getByRole('group', { name: '1 of 3' }).locator('img')).toHaveAttribute('src', process.env.VITE_IMAGE_TRANSFORMATIONS === 'on'
      ? /\/storage\/v1\/render\/image\/public\/property-photos\/.*width=1200.*quality=70/
      : /\/storage\/v1\/object\/public\/property-photos\/.+\.w1200\.webp$/);
    // Wraps around: Previous from the first photo shows the last.
    await photos.getByRole('button', { name: 'Previous photo' }).click();
    await expect(photos.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-current', 'true');

    await expect(page.getByRole('heading', { name: 'About this place' })).toBeVisible();
    await expect(page.getByText(/teak and stone villa above the Tegallalang rice terraces/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Workspace' })).toBeVisible();
    await expect(page.getByText(/Shaded coworking bale/)).toBeVisible();
    const amenities = page.getByRole('region', { name: 'Amenities' }).getByRole('listitem');
    await expect(amenities).toHaveText(['Work-friendly', 'Pool', 'AC', 'Quiet area', 'Weekly cleaning', 'Yoga deck', 'Cook 3 days a week', 'Phone booths', 'Scooter rental']);

    // Rooms cheapest first, with prices, capacity, Wi-Fi, stay length and a photo.
    const rooms = page.getByRole('region', { name: 'Rooms' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(rooms.getByRole('heading', { level: 3 })).toHaveText(['Studio Nook', 'Bamboo Loft', 'Frangipani Room', 'Pool Room', 'Terrace Suite']);
    const nook = rooms.first();
    await expect(nook.getByText('$170/week')).toBeVisible();
    await expect(nook.getByText('~$736/month')).toBeVisible();
    await expect(nook.getByText('Capacity: 1 guest')).toBeVisible();
    await expect(nook.getByText('Wi-Fi: 150 Mbps')).toBeVisible();
    await expect(nook.getByText('Stay: 1–6 months')).toBeVisible();
    await expect(nook.getByRole('img', { name: 'Studio Nook' })).toBeVisible();
    await nook.getByRole('button', { name: 'Request to Book' }).click();
    await expect(nook.getByRole('button', { name: 'Selected' })).toBeVisible();
    await expect(bookingCard(page).getByRole('button', { name: /Studio Nook · \$170\/week/ })).toBeVisible();

    const host = page.getByRole('region', { name: 'Meet Your Host' });
    await expect(host.getByText('Maya Santoso')).toBeVisible();
    await expect(host.getByText(/\d\.\d · \d+ reviews?/)).toBeVisible();
    // The count is of reviews a guest can read: the host card lists exactly those.
    const hostReviewCount = Number(/· (\d+)/.exec((await host.getByText(/\d\.\d · \d+ reviews?/).textContent()) ?? '')?.[1]);
    expect(hostReviewCount).toBeGreaterThan(0);
    await host.getByRole('button', { name: /from guests$/ }).click();
    await expect(host.getByRole('listitem', { name: /^Review by / })).toHaveCount(hostReviewCount);
    await expect(host.getByRole('link', { name: 'Message Host' })).toHaveAttribute('href', '/messages?conversation=a0000000-0000-4000-8000-000000000001');

    const reviews = page.getByRole('region', { name: 'Reviews' });
    const review = reviews.getByRole('listitem', { name: 'Review by Chloé Martin' });
    await expect(review.getByText(/Waking up to the rice terraces/)).toBeVisible();
    await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(review.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(reviews.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);

    await screenshotBothWidths(page, 'property-visitor');
  });

  test('a first visit shows the rooms from the start to the end, never a moment of "no rooms"', async ({ page }) => {
    // Before the page's scripts: notes whether the page ever said there are none (even for one frame).
    await page.addInitScript({
      content: `new MutationObserver(() => { if (document.getElementById('root')?.textContent?.includes('No rooms are listed yet.')) window.__saidNone = true; }).observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    await page.goto(`/property/${propertyIds.ubud}`);
    await expect(page.getByRole('region', { name: 'Rooms' }).getByRole('heading', { level: 3 }).first()).toBeVisible({ timeout: 20_000 });
    // Until the refresh has landed: the listing is in this device's mirror, and the page renders from it.
    await expect.poll(async () => (await readStore<{ id: string }>(page, 'nomadnest-anon', 'properties'))?.some((row) => row.id === propertyIds.ubud)).toBe(true);
    await expect(page.getByRole('region', { name: 'Rooms' }).getByRole('heading', { level: 3 })).toHaveCount(5);
    expect(await page.evaluate(() => (window as unknown as { __saidNone?: boolean }).__saidNone ?? false)).toBe(false);
  });

  // The room card overrides the shared Card's layout: the page's stylesheets must come after Card's, whether
  // the page was opened directly (its prerendered document) or reached from Explore (the route's chunk).
  for (const arrival of ['opened directly', 'reached from Explore'] as const) {
    test(`on a desktop a room's photo sits beside its details, not over them (${arrival})`, async ({ page }) => {
      await page.setViewportSize(viewports.desktop);
      if (arrival === 'opened directly') {
        await page.goto(`/property/${propertyIds.ubud}`);
      } else {
        await page.goto('/properties');
        await page.getByRole('link', { name: 'Rice Terrace Coliving Villa' }).first().click();
      }
      const room = page.getByRole('region', { name: 'Rooms' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Studio Nook' }) });
      await expect(room).toBeVisible({ timeout: 20_000 });
      const photo = await room.getByRole('img', { name: 'Studio Nook' }).boundingBox();
      const name = await room.getByRole('heading', { level: 3, name: 'Studio Nook' }).boundingBox();
      expect(photo && name && name.x >= photo.x + photo.width).toBe(true);
    });
  }

  test('an unavailable room cannot be requested and a hidden host has no card', async ({ page }) => {
    await page.goto(`/property/${propertyIds.medellin}`);
    const poolStudio = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pool Studio' }) });
    await expect(poolStudio.getByText('Unavailable')).toBeVisible({ timeout: 20_000 });
    await expect(poolStudio.getByRole('button', { name: 'Not Available' })).toBeDisabled();

    await page.goto(`/property/${propertyIds.tbilisi}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sololaki Balcony House' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Book Your Stay' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Meet Your Host' })).toHaveCount(0);
  });

  test('an unknown property shows the load error and goes back to the list', async ({ page }) => {
    await page.goto('/property/b0000000-0000-4000-8000-000000009999');
    await expect(toasts(page).getByText('Failed to load property details')).toBeVisible();
    await expect(page).toHaveURL(/\/properties$/);
  });

  test('every booking message a guest can trigger', async ({ page }) => {
    test.setTimeout(90_000); // many steps and two screenshot widths on a shared, busy machine
    await page.goto(`/property/${propertyIds.ubud}`);
    const card = bookingCard(page);
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Book Now' }).click();
    await expect(toasts(page).getByText('Complete booking details')).toBeVisible();
    await expect(toasts(page).getByText('Please select a room, check-in date, and duration')).toBeVisible();

    // Durations: 1 to 6 months in half-month steps, nothing else.
    await card.getByRole('button', { name: /Duration$/ }).click();
    await expect(page.getByRole('option')).toHaveText(['1 month', '1.5 months', '2 months', '2.5 months', '3 months', '3.5 months', '4 months', '4.5 months', '5 months', '5.5 months', '6 months']);
    await page.getByRole('option', { name: '1 month', exact: true }).click();
    await card.getByRole('button', { name: 'Book Now' }).click();
    await expect(toasts(page).getByText('Complete booking details').first()).toBeVisible();

    // Past days cannot be picked (on the 1st, the previous month cannot even be opened).
    const yesterday = dayFromToday(-1);
    if (yesterday.getMonth() === dayFromToday(0).getMonth()) {
      await expect(await calendarDay(page, yesterday)).toHaveAttribute('aria-disabled', 'true');
    } else {
      await card.getByRole('button', { name: 'Calendar' }).click();
      await expect(page.getByRole('dialog', { name: 'Choose a date' }).getByRole('button', { name: 'Previous' }).first()).toBeDisabled();
    }
    await pickCheckIn(page, dayFromToday(2));
    await card.getByRole('button', { name: 'Book Now' }).click();
    await expect(toasts(page).getByText('Select a room', { exact: true })).toBeVisible();

    // Pool Room: Priya's accepted stay starts in 7 days, so its days are disabled and a stay into it is refused.
    await chooseOption(page, card, 'Room', 'Pool Room · $260/week');
    await expect(await calendarDay(page, dayFromToday(10))).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Book Now' }).click();
    await expect(toasts(page).getByText('Dates unavailable')).toBeVisible();
    await expect(toasts(page).getByText('Those dates are no longer available. Please select different dates.')).toBeVisible();
    await screenshotBothWidths(page, 'property-booking-card-errors');
  });

  test('a signed-out visitor starts a booking, signs in and finds it restored', async ({ page }) => {
    test.setTimeout(90_000); // many steps and two screenshot widths on a shared, busy machine
    await page.goto(`/property/${propertyIds.danang}`);
    const card = bookingCard(page);
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sea Loft' }) }).getByRole('button', { name: 'Request to Book' }).click();
    const checkIn = dayFromToday(3);
    await pickCheckIn(page, checkIn);
    await chooseOption(page, card, 'Duration', '2.5 months');
    await expect(card.getByText('$1,732', { exact: true })).toBeVisible(); // round(2.5 × 4.33 × 160)
    await card.getByRole('button', { name: 'Book Now' }).click();

    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fproperty%2F${propertyIds.danang}$`));
    const stored = await page.evaluate(() => window.localStorage.getItem('pendingBooking'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ propertyId: propertyIds.danang, roomName: 'Sea Loft', checkIn: isoDate(checkIn), duration: 2.5, totalPrice: 1732 });

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await signIn(page, 'ana.guest@nomadnest.test');
    await expect(page).toHaveURL(new RegExp(`/property/${propertyIds.danang}$`));
    await expect(toasts(page).getByText('Booking restored')).toBeVisible();
    await expect(card.getByRole('button', { name: /Sea Loft · \$160\/week/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /2\.5 months/ })).toBeVisible();
    await expect(card.getByText('$1,732', { exact: true })).toBeInViewport();
    expect(await page.evaluate(() => window.localStorage.getItem('pendingBooking'))).toBeNull();

    await card.getByRole('button', { name: 'Book Now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Booking' });
    await expect(confirm.getByText('My Khe Beach Loft')).toBeVisible();
    await expect(confirm.getByText('2.5 months', { exact: true })).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Proceed to Secure Payment' })).toBeEnabled();
    await screenshotBothWidths(page, 'property-confirm-dialog');
  });

  test("a guest with a confirmed stay sees Who's Staying without opted-out guests, and the house chat", async ({ page }) => {
    await signInAt(page, 'leo.guest@nomadnest.test', `/property/${propertyIds.ubud}`);
    const card = page.getByRole('region', { name: "Who's Staying" });
    const housemates = card.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Message/ }) });
    // Ana (current) and Priya (arriving in 7 days) opted in; Sam opted out; Jonas is only paid.
    await expect(housemates).toHaveCount(2);
    await expect(card.getByRole('listitem', { name: 'Guest A.' })).toBeVisible();
    await expect(card.getByRole('listitem', { name: 'Guest P.' })).toBeVisible();
    await expect(card.getByRole('listitem', { name: 'Guest S.' })).toHaveCount(0);
    await expect(card.getByText(/\d{2}-\d{2} yrs/).first()).toBeVisible();
    await expect(card.getByRole('link', { name: 'Message Guest A.' })).toHaveAttribute('href', /\/messages\?conversation=a0000000-0000-4000-8000-000000000012&type=guest_guest$/);
    await expect(card.getByRole('link', { name: 'Join House Chat' })).toHaveAttribute('href', `/messages?house=${propertyIds.ubud}`);
    await screenshotBothWidths(page, 'property-whos-staying');
  });

  test('a guest with a completed stay reviews it', async ({ page, request }) => {
    test.setTimeout(90_000); // many steps and two screenshot widths on a shared, busy machine
    // Priya's stay at Ericeira, completed months ago (the seed's completed stays are all reviewed already).
    const backend = backendStatus();
    const response = await request.post(`${backend.api_url}/rest/v1/bookings`, {
      headers: { apikey: backend.service_role_key, Authorization: `Bearer ${backend.service_role_key}`, 'Content-Type': 'application/json' },
      data: {
        user_id: 'a0000000-0000-4000-8000-000000000014',
        property_id: propertyIds.ericeira,
        room_id: 'c0000000-0000-4000-8000-000000050001',
        check_in: isoDate(dayFromToday(-200)),
        check_out: isoDate(dayFromToday(-140)),
        total_price: 2598,
        status: 'completed',
      },
    });
    expect(response.status()).toBe(201);

    await signInAt(page, 'priya.guest@nomadnest.test', `/property/${propertyIds.ericeira}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Your Booking' });
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText('0/1000 characters')).toBeVisible();
    const text = dialog.getByRole('textbox', { name: /Your review/ });
    await expect(text).toHaveAttribute('maxlength', '1000');
    await text.fill('  Pines, swell and a big desk. Would stay again.  ');
    await expect(dialog.getByText('50/1000 characters')).toBeVisible();
    await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await expect(submit).toBeEnabled();
    await screenshotBothWidths(page, 'property-review-dialog');
    await submit.click();

    await expect(toasts(page).getByText('Thanks for your feedback!')).toBeVisible();
    await expect(toasts(page).getByText('Your review has been submitted successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const mine = reviews.getByRole('listitem', { name: 'Review by Priya Nair' });
    await expect(mine.getByText('Pines, swell and a big desk. Would stay again.', { exact: true })).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(reviews.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
    await expect(mine.getByText(/Sending/)).toHaveCount(0);
  });
});
