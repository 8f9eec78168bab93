import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { backendStatus, demoPassword } from './support/backend.ts';
import { api, bookingStatus, paidBooking } from './support/backend-api.ts';
import { newGuest } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { signInNewAccount } from './support/new-account.ts';

// Host listing (docs/product.md §2, §5, §6, §8): the property form, the add-room form and the owner's view of
// /property/{id} (photos, rooms, availability), as a brand-new host meets them.

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function dismissToasts(page: Page): Promise<void> {
  const close = toasts(page).getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
}

async function signIn(page: Page, email: string, redirect = '/dashboard'): Promise<void> {
  await page.goto(`/auth?redirect=${encodeURIComponent(redirect)}`);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** A new host, signed in, through the four onboarding steps, ends on /property/new. */
async function becomeNewHost(page: Page, name: string): Promise<void> {
  await signInNewAccount(page, name, { role: 'host', onboarded: false, label: 'lister' });
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await next.click();
  await page.getByRole('textbox', { name: /Profession/ }).fill('Villa host');
  await expect(next).toBeEnabled();
  await next.click();
  await next.click();
  await page.getByRole('button', { name: 'Finish & Add My First Property' }).click();
  await expect(page).toHaveURL(/\/property\/new$/);
}


function isoDaysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function roomIdNamed(propertyId: string, name: string): Promise<string> {
  const response = await api(`/rest/v1/rooms?property_id=eq.${propertyId}&name=eq.${encodeURIComponent(name)}&select=id`, { useServiceKey: true });
  return ((await response.json()) as { id: string }[])[0]!.id;
}

const png = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).png().toBuffer();

/** The stored photo URLs of the owner's grid, in display order (the src carries the object path; a rendition's names its photo). */
async function photoOrder(page: Page, propertyName: string): Promise<string[]> {
  const images = page.getByRole('grid', { name: `Photos of ${propertyName}` }).locator('img:not([aria-hidden])');
  return (await images.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).getAttribute('src') ?? ''))).map((src) => (src.split('?')[0] ?? src).replace(/\.w\d+\.webp$/, ''));
}

test.describe('host listing', () => {
  test('a new host lists a villa with photos and rooms, decides on paid requests and rates a guest', async ({ page }) => {
    test.setTimeout(240_000);
    await becomeNewHost(page, 'Lina Lister');
    await dismissToasts(page);

    // ---- Property form: Save disabled until name, city and country are filled; blank fields say why.
    const save = page.getByRole('button', { name: 'Save and Continue' });
    await expect(save).toBeDisabled();
    const name = page.getByRole('textbox', { name: /Property name/ });
    await name.fill('   ');
    await page.getByRole('textbox', { name: /City/ }).focus();
    await expect(page.getByText('Property name required')).toBeVisible();
    await page.getByRole('textbox', { name: /Country/ }).focus();
    await expect(page.getByText('Location required')).toBeVisible();
    await expect(save).toBeDisabled();

    await name.fill('  Casa Lina  ');
    await page.getByRole('textbox', { name: /City/ }).fill('Ericeira');
    await page.getByRole('textbox', { name: /Country/ }).fill('Portugal');
    await expect(save).toBeEnabled();
    await page.getByRole('textbox', { name: 'Google Maps link' }).fill('not a link');
    await save.click();
    await expect(toasts(page).getByText('Please enter a valid map link (http or https)')).toBeVisible();
    await page.getByRole('textbox', { name: 'Google Maps link' }).fill('https://maps.google.com/?q=Ericeira');
    await page.getByRole('textbox', { name: 'Description' }).fill('A surf-town house with a garden office, ten minutes from the beach.');
    await page.getByRole('textbox', { name: 'Workspace details' }).fill('Two standing desks, ergonomic chairs, fibre.');
    await page.getByRole('textbox', { name: 'Wi-Fi speed (Mbps)' }).fill('300');
    await page.getByRole('checkbox', { name: 'Sea view' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Weekly cleaning' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Custom amenity' }).fill('Surfboard rack');
    await page.getByRole('textbox', { name: 'Custom amenity' }).press('Enter');
    await expect(page.getByRole('list', { name: 'Custom amenities' }).getByText('Surfboard rack')).toBeVisible();

    // Photos: images only, at most 5 MB each.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) });
    await expect(toasts(page).getByText('File too large')).toBeVisible();
    await expect(toasts(page).getByText('Please upload an image smaller than 5MB')).toBeVisible();
    await fileInput.setInputFiles([
      { name: 'terrace.png', mimeType: 'image/png', buffer: await png('#b45309') },
      { name: 'office.png', mimeType: 'image/png', buffer: await png('#0f766e') },
      { name: 'garden.png', mimeType: 'image/png', buffer: await png('#1d4ed8') },
    ]);
    await expect(page.getByRole('list', { name: 'Photos of Casa Lina' }).getByRole('listitem')).toHaveCount(3);
    await dismissToasts(page);
    await screenshotBothWidths(page, 'host-listing-property-form');

    await save.click();
    // Three photos, each with its four renditions (docs/decisions/photo-renditions.md): fifteen uploads.
    await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const propertyId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Casa Lina' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Property' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Photos of Casa Lina' });
    await expect(grid.getByRole('row')).toHaveCount(3);
    const before = await photoOrder(page, 'Casa Lina');
    expect(before[0]).toMatch(/(?:render\/image|object)\/public\/property-photos\/[0-9a-f-]{36}\/\d+-terrace\.(png|jpg)$/);
    await expect(grid.locator('img:not([aria-hidden])').first()).toHaveAttribute('width', '1200');

    // ---- Reorder by keyboard: Enter on the first handle, move, Enter to drop.
    await grid.getByRole('button', { name: 'Move photo 1' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(toasts(page).getByText('Photo order updated')).toBeVisible();
    // The grid renders the saved order from the mirror, once its write has landed.
    await expect.poll(() => photoOrder(page, 'Casa Lina')).not.toEqual(before);
    const after = await photoOrder(page, 'Casa Lina');
    expect([...after].sort()).toEqual([...before].sort());
    await page.reload();
    await expect(grid.getByRole('row')).toHaveCount(3);
    expect(await photoOrder(page, 'Casa Lina')).toEqual(after);

    // ---- Delete a photo: the first time asks.
    await dismissToasts(page);
    await grid.getByRole('button', { name: 'Delete photo 3' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Photo' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Photo deleted successfully')).toBeVisible();
    await expect(grid.getByRole('row')).toHaveCount(2);
    expect(await photoOrder(page, 'Casa Lina')).toEqual(after.slice(0, 2));

    // ---- Upload from the owner view: appended, with the success toast.
    await page.locator('input[type="file"]').setInputFiles({ name: 'pool.png', mimeType: 'image/png', buffer: await png('#0e7490') });
    await expect(toasts(page).getByText('Photos uploaded successfully')).toBeVisible({ timeout: 30_000 });
    await expect(grid.getByRole('row')).toHaveCount(3);
    expect((await photoOrder(page, 'Casa Lina'))[2]).toMatch(/-pool\.(png|jpg)$/);

    // ---- Room 1 through /room/new: defaults, name and weekly price rules.
    await page.goto(`/room/new?property_id=${propertyId}`);
    const roomForm = page.getByRole('form', { name: 'New room' });
    await expect(roomForm.getByRole('textbox', { name: /Capacity/ })).toHaveValue('1');
    await expect(roomForm.getByRole('textbox', { name: /Minimum stay/ })).toHaveValue('2');
    await expect(roomForm.getByRole('textbox', { name: /Maximum stay/ })).toHaveValue('12');
    const addRoom = roomForm.getByRole('button', { name: 'Add room to Casa Lina' });
    await addRoom.click();
    await expect(roomForm.getByText('Room name required')).toBeVisible();
    await roomForm.getByRole('textbox', { name: /Room name/ }).fill('Ocean Room');
    await roomForm.getByRole('textbox', { name: /Price per week/ }).fill('0');
    await addRoom.click();
    await expect(toasts(page).getByText('Price required')).toBeVisible();
    await expect(toasts(page).getByText('Please enter a valid price per week')).toBeVisible();
    await roomForm.getByRole('textbox', { name: /Price per week/ }).fill('280');
    await roomForm.getByRole('textbox', { name: /Wi-Fi speed/ }).fill('250');
    await roomForm.getByRole('textbox', { name: 'Description' }).fill('Queen bed, desk by the window, sea view.');
    await roomForm.locator('input[type="file"]').setInputFiles({ name: 'ocean.png', mimeType: 'image/png', buffer: await png('#0369a1') });
    await dismissToasts(page);
    await screenshotBothWidths(page, 'host-listing-room-form');
    await addRoom.click();
    await expect(page).toHaveURL(new RegExp(`/property/${propertyId}$`), { timeout: 20_000 });
    const ocean = page.getByRole('listitem', { name: 'Ocean Room' });
    await expect(ocean).toBeVisible();
    await expect(ocean.locator('img')).toHaveAttribute('src', /(?:render\/image|object)\/public\/room-photos\/.+ocean\.(png|jpg)/);

    // ---- Room 2 through the Add Room dialog: name, monthly price and capacity required.
    await page.getByRole('button', { name: 'Add Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Room' });
    await expect(dialog.getByRole('textbox', { name: /Minimum stay/ })).toHaveValue('2');
    await expect(dialog.getByRole('textbox', { name: /Maximum stay/ })).toHaveValue('12');
    await dialog.getByRole('textbox', { name: /Room name/ }).fill('Garden Studio');
    await dialog.getByRole('button', { name: 'Add Room' }).click();
    await expect(toasts(page).getByText('Missing fields')).toBeVisible();
    await expect(toasts(page).getByText('Please fill in all required fields')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Price per month/ }).fill('1100.50');
    await dialog.getByRole('textbox', { name: /Capacity/ }).fill('2');
    await dismissToasts(page);
    await screenshotBothWidths(page, 'host-listing-add-room-dialog');
    await dialog.getByRole('button', { name: 'Add Room' }).click();
    await expect(toasts(page).getByText('Room added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const garden = page.getByRole('listitem', { name: 'Garden Studio' });
    await expect(garden).toBeVisible();

    // ---- Edit Room dialog.
    await garden.getByRole('button', { name: 'Edit Room' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Room' });
    await expect(edit.getByRole('textbox', { name: /Room name/ })).toHaveValue('Garden Studio');
    await edit.getByRole('textbox', { name: 'Description' }).fill('Private terrace, own entrance.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page).getByText('Room updated')).toBeVisible();
    await expect(garden.getByText('Private terrace, own entrance.')).toBeVisible();

    // ---- Availability toggle (a queued command): the badge shows and the server gets it.
    await ocean.getByRole('switch', { name: 'Ocean Room available' }).click({ force: true });
    await expect(ocean.getByText('Unavailable', { exact: true }).first()).toBeVisible();
    const { api_url: apiUrl, anon_key: anonKey } = backendStatus();
    await expect
      .poll(async () => {
        const response = await page.request.get(`${apiUrl}/rest/v1/rooms?property_id=eq.${propertyId}&name=eq.Ocean%20Room&select=is_available`, {
          headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
        });
        return (await response.json()) as unknown;
      }, { timeout: 15_000 })
      .toEqual([{ is_available: false }]);

    await expect(page.getByRole('heading', { name: 'Booking overview' })).toBeVisible();
    await expect(page.getByText('No booking requests yet.')).toBeVisible();
    await dismissToasts(page);
    await screenshotBothWidths(page, 'host-listing-owner-view');

    // ---- Guests book and pay (REST + the Stripe double's test card); the host decides on the dashboard.
    // Guests of this test, so no demo guest's bookings change.
    const gardenRoom = { id: await roomIdNamed(propertyId, 'Garden Studio'), propertyId };
    const [accepted, declined, staying] = [await newGuest('Lea Accepted'), await newGuest('Ava Declined'), await newGuest('Kai Staying')];
    const acceptedStay = await paidBooking(accepted.email, gardenRoom, 30);
    const declinedStay = await paidBooking(declined.email, gardenRoom, 120);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const acceptedRequest = page.getByRole('listitem').filter({ hasText: accepted.name }).filter({ hasText: 'Garden Studio' });
    await expect(acceptedRequest).toContainText('Awaiting Acceptance', { timeout: 15_000 });
    await acceptedRequest.getByRole('button', { name: 'Accept' }).click();
    await expect(toasts(page).getByText('Booking accepted')).toBeVisible();
    await expect(acceptedRequest).toContainText('Confirmed');
    expect(await bookingStatus(acceptedStay.bookingId)).toBe('accepted');
    const { mailbox_url: mailboxUrl, stripe_url: stripeUrl } = backendStatus();
    await expect
      .poll(async () => ((await (await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(accepted.email)}`)).json()) as unknown[]).length, { timeout: 15_000 })
      .toBeGreaterThan(0);

    const declinedRequest = page.getByRole('listitem').filter({ hasText: declined.name }).filter({ hasText: 'Garden Studio' });
    await declinedRequest.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('alertdialog', { name: 'Decline this request?' }).getByRole('button', { name: 'Decline and refund' }).click();
    await expect(toasts(page).getByText('Booking declined')).toBeVisible();
    expect(await bookingStatus(declinedStay.bookingId)).toBe('declined');
    const stripeState = (await (await fetch(`${stripeUrl}/test/state`)).json()) as { refunds: { payment_intent: string; status: string }[] };
    expect(stripeState.refunds.filter((refund) => refund.payment_intent === declinedStay.paymentIntent)).toEqual([expect.objectContaining({ status: 'succeeded' })]);

    // A stay under way (entered by the service role, as after a real payment): completed, then the guest rated.
    const current = await api('/rest/v1/bookings?select=id', {
      method: 'POST',
      useServiceKey: true,
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({
        user_id: staying.id, property_id: propertyId, room_id: gardenRoom.id, check_in: isoDaysFromToday(-40), check_out: isoDaysFromToday(2),
        total_price: 1500, status: 'accepted', host_decision: 'accepted', guest_email: staying.email,
      }),
    });
    expect(current.status).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const currentStay = page.getByRole('listitem').filter({ hasText: staying.name }).filter({ hasText: 'Garden Studio' });
    await currentStay.getByRole('button', { name: 'Mark as Completed' }).click({ timeout: 15_000 });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark as Completed' }).click();
    await expect(currentStay).toContainText('Completed');
    await currentStay.getByRole('button', { name: 'Rate Guest' }).click();
    const rate = page.getByRole('dialog', { name: `Rate ${staying.name}` });
    await rate.locator('label').filter({ has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await rate.getByRole('textbox').fill('A considerate guest; welcome back any time.');
    await rate.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toasts(page).getByText('Thanks for your feedback!')).toBeVisible();
    await page.goto(`/property/${propertyId}`);

    // ---- Edit Property: prefilled, saved, back on the page.
    await page.getByRole('link', { name: 'Edit Property' }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${propertyId}/edit$`));
    await expect(page.getByRole('textbox', { name: /Property name/ })).toHaveValue('Casa Lina');
    await expect(page.getByRole('checkbox', { name: 'Sea view' })).toBeChecked();
    await page.getByRole('textbox', { name: /Property name/ }).fill('Casa Lina Ericeira');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${propertyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Casa Lina Ericeira' })).toBeVisible();

    // ---- Delete the listing (rooms first), with confirmation.
    await page.getByRole('button', { name: 'Delete Listing' }).click();
    const deleteListing = page.getByRole('alertdialog', { name: 'Delete Listing' });
    await expect(deleteListing).toContainText('2 rooms');
    await deleteListing.getByRole('button', { name: 'Delete Listing' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page).getByText('Listing deleted successfully')).toBeVisible();
    const gone = await page.request.get(`${apiUrl}/rest/v1/rooms?property_id=eq.${propertyId}&select=id`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
    expect(await gone.json()).toEqual([]);
  });

  test('without a session /property/new sends the visitor to sign in', async ({ page }) => {
    await page.goto('/property/new');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fproperty%2Fnew$/);
    await expect(toasts(page).getByText('Authentication required')).toBeVisible();
    await expect(toasts(page).getByText('Please sign in before adding a property.')).toBeVisible();
  });

  test("a guest cannot add rooms to or edit someone else's property", async ({ page }) => {
    const { api_url: apiUrl, anon_key: anonKey } = backendStatus();
    const response = await page.request.get(`${apiUrl}/rest/v1/properties?select=id&limit=1`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
    const [property] = (await response.json()) as { id: string }[];
    expect(property).toBeDefined();
    await signIn(page, 'leo.guest@nomadnest.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await dismissToasts(page);

    await page.goto(`/room/new?property_id=${property?.id}`);
    await expect(toasts(page).getByText('Unauthorized')).toBeVisible();
    await expect(toasts(page).getByText("You don't have permission to add rooms to this property")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await dismissToasts(page);

    await page.goto(`/property/${property?.id}/edit`);
    await expect(toasts(page).getByText('Unauthorized')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
