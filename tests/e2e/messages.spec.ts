import { expect, test, type Page } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { readStore, type OutboxEntry } from './support/device-data.ts';
import { insertMessage, unique } from './support/own-data.ts';
import { openSignedIn, signInThroughRedirect } from './support/sign-in-redirect.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

// Demo accounts and ids (supabase/seed/README.md, demo-data.ts).
const people = {
  maya: { email: 'maya.host@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000001', name: 'Maya Santoso' },
  leo: { email: 'leo.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000011', name: 'Leo Martins' },
  ana: { email: 'ana.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000012', name: 'Ana Kowalski' },
  chloe: { email: 'chloe.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000016', name: 'Chloé Martin' },
} as const;
/** Nika hides her profile from guests, and Leo has no booking with her: he cannot see or message her. */
const nikaId = 'a0000000-0000-4000-8000-000000000004';
const ubudVilla = 'b0000000-0000-4000-8000-000000000001';

async function serverCopies(text: string): Promise<number> {
  const response = await api(`/rest/v1/messages?select=id&text=eq.${encodeURIComponent(text)}`, { useServiceKey: true });
  return ((await response.json()) as unknown[]).length;
}

/** Messages from one person to another the server holds unread. */
async function unreadCount(senderId: string, receiverId: string): Promise<number> {
  const response = await api(`/rest/v1/messages?select=id&sender_id=eq.${senderId}&receiver_id=eq.${receiverId}&read_at=is.null&deleted_at=is.null`, { useServiceKey: true });
  return ((await response.json()) as unknown[]).length;
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const row = (page: Page, name: string | RegExp) => page.getByRole('tabpanel').getByRole('link', { name });

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await sendButton(page).click();
}

test.describe('messages page', () => {
  test('signed-out visitors go to /auth; the inbox, tabs, unread badge and chat look as specified', async ({ page }) => {
    test.setTimeout(90_000);
    // Maya writes to Leo now, so the thread has an unread message whatever other specs opened before.
    const fromMaya = unique('Fresh towels are in the hall cupboard');
    await insertMessage(people.maya.email, { sender_id: people.maya.id, receiver_id: people.leo.id, property_id: ubudVilla, conversation_type: 'host_guest', text: fromMaya });
    const unreadFromMaya = await unreadCount(people.maya.id, people.leo.id);
    expect(unreadFromMaya).toBeGreaterThanOrEqual(1);
    await signInThroughRedirect(page, people.leo, '/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByText('Connect with hosts and fellow digital nomads')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Guests/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No conversation selected' })).toBeVisible();
    await expect(page.getByText('Select a conversation from the list to start chatting')).toBeVisible();
    // Guests: Ana (guest_guest) and the Ubud house chat.
    await expect(row(page, new RegExp(people.ana.name))).toBeVisible();
    await expect(row(page, /Tegallalang|House chat/).first()).toBeVisible();
    await screenshotBothWidths(page, 'messages-inbox');

    // The tabs follow the WAI-ARIA tabs pattern: arrow keys move focus and selection, wrapping around.
    await page.getByRole('tab', { name: /^Guests/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Hosts/ })).toBeFocused();
    await expect(page.getByRole('tab', { name: /^Hosts/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Guests/ })).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, new RegExp(people.ana.name))).toBeVisible();

    // Hosts: Maya, with her unread messages counted; the date is month and day.
    await page.getByRole('tab', { name: /^Hosts/ }).click();
    const mayaRow = row(page, new RegExp(people.maya.name));
    await expect(mayaRow.getByText(`${unreadFromMaya} unread`)).toBeAttached();
    await expect(mayaRow.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);

    // Opening it shows the header (name, Host), the thread, and marks it read, also on the server.
    await mayaRow.click();
    await expect(page).toHaveURL(new RegExp(`conversation=${people.maya.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: people.maya.name })).toBeVisible();
    await expect(page.getByRole('region', { name: `Chat with ${people.maya.name}` }).getByText('Host', { exact: true })).toBeVisible();
    await expect(log(page).getByText('The pool is being cleaned tomorrow 9 to 11, sorry for the noise!')).toBeVisible();
    await expect(log(page).getByText(fromMaya)).toBeVisible();
    await expect(composer(page)).toHaveAttribute('placeholder', 'Type a message...');
    await expect(mayaRow.getByText(/unread/)).toHaveCount(0);
    await screenshotBothWidths(page, 'messages-chat');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => unreadCount(people.maya.id, people.leo.id), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: /^Hosts/ }).click();
    await expect(row(page, new RegExp(people.maya.name))).toBeVisible();
    await expect(row(page, new RegExp(people.maya.name)).getByText(/unread/)).toHaveCount(0);
  });

  test('a message reaches the other person in real time; their unread count rises and clears on open', async ({ browser }) => {
    test.setTimeout(120_000);
    const leo = await openSignedIn(browser, people.leo, `/messages?conversation=${people.maya.id}`);
    const maya = await openSignedIn(browser, people.maya, '/messages');
    const leoRowForMaya = row(maya.page, new RegExp(people.leo.name));
    await expect(leoRowForMaya).toBeVisible();
    await expect(leoRowForMaya.getByText(/unread/)).toHaveCount(0);

    // Sent: shown at once on Leo's side, and counted unread in Maya's inbox without a reload.
    const hello = unique('Hello Maya from Leo');
    await send(leo.page, hello);
    await expect(log(leo.page).getByText(hello)).toBeVisible();
    await expect(composer(leo.page)).toHaveValue('');
    await expect(leoRowForMaya).toContainText(hello);
    await expect(leoRowForMaya.getByText('1 unread')).toBeAttached();

    // Maya opens it: the message is there and the badge clears.
    await leoRowForMaya.click();
    await expect(log(maya.page).getByText(hello)).toBeVisible();
    await expect(maya.page.getByRole('region', { name: `Chat with ${people.leo.name}` }).getByText('Guest', { exact: true })).toBeVisible();
    await expect(leoRowForMaya.getByText(/unread/)).toHaveCount(0);

    // Her reply appears in Leo's open chat within 2 s, without a reload.
    const reply = unique('Reply from Maya');
    await send(maya.page, reply);
    await expect(log(leo.page).getByText(reply)).toBeVisible({ timeout: 2_000 });
    // Own messages sit on the right, others' on the left.
    const own = await log(leo.page).getByText(hello).boundingBox();
    const theirs = await log(leo.page).getByText(reply).boundingBox();
    expect(own && theirs && own.x + own.width > theirs.x + theirs.width).toBe(true);

    await leo.context.close();
    await maya.context.close();
  });

  test('a message written offline shows pending, then is delivered exactly once', async ({ browser }) => {
    test.setTimeout(120_000);
    const leo = await openSignedIn(browser, people.leo, `/messages?conversation=${people.ana.id}`);
    const ana = await openSignedIn(browser, people.ana, `/messages?conversation=${people.leo.id}`);
    await expect(log(leo.page)).toBeVisible();
    await expect(log(ana.page).getByText('Yes! I will book the driver.')).toBeVisible();

    await leo.context.setOffline(true);
    const offline = unique('Written offline');
    await send(leo.page, offline);
    const bubble = log(leo.page).locator('[data-message-id]').filter({ hasText: offline });
    await expect(bubble).toHaveAttribute('data-status', 'pending');
    await expect(bubble.getByText('Sending…')).toBeVisible();
    await screenshotBothWidths(leo.page, 'messages-pending');
    // Leo's outbox has tried to send it and failed: nothing reached the server or Ana.
    await expect
      .poll(async () => (await readStore<OutboxEntry>(leo.page, `nomadnest-${people.leo.id}`, '_outbox'))?.some((entry) => entry.attempts > 0), { timeout: 15_000 })
      .toBe(true);
    expect(await serverCopies(offline)).toBe(0);
    await expect(log(ana.page).getByText(offline)).toHaveCount(0);

    await leo.context.setOffline(false);
    await expect(bubble).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
    await expect(log(ana.page).getByText(offline)).toHaveCount(1, { timeout: 10_000 });
    await ana.page.reload();
    await expect(log(ana.page).getByText(offline)).toHaveCount(1);
    await leo.page.reload();
    await expect(log(leo.page).getByText(offline)).toHaveCount(1);

    await leo.context.close();
    await ana.context.close();
  });

  test('the house chat works for two guests staying there and refuses anyone else', async ({ browser }) => {
    test.setTimeout(120_000);
    const leo = await openSignedIn(browser, people.leo, `/messages?house=${ubudVilla}`);
    const ana = await openSignedIn(browser, people.ana, `/messages?house=${ubudVilla}`);
    await expect(leo.page.getByRole('region', { name: /house chat$/ }).getByText(/^House chat · /)).toBeVisible();
    await expect(log(ana.page).getByText('Welcome to the Ubud house chat! Family dinner is Thursday at 7pm.')).toBeVisible();

    const note = unique('House note from Leo');
    await send(leo.page, note);
    await expect(log(ana.page).getByText(note)).toBeVisible({ timeout: 2_000 });
    await expect(log(ana.page).getByText(people.leo.name).last()).toBeVisible();
    await screenshotBothWidths(ana.page, 'messages-house-chat');

    const chloe = await openSignedIn(browser, people.chloe, `/messages?house=${ubudVilla}`);
    await expect(chloe.page.getByRole('heading', { name: "You're not part of this house chat" })).toBeVisible();
    await expect(chloe.page.getByText(note)).toHaveCount(0);
    await expect(composer(chloe.page)).toHaveCount(0);
    await screenshotBothWidths(chloe.page, 'messages-house-not-member');

    await leo.context.close();
    await ana.context.close();
    await chloe.context.close();
  });

  test('empty messages cannot be sent; markup is shown as text and long messages wrap', async ({ page }) => {
    test.setTimeout(90_000);
    page.on('dialog', (dialog) => {
      throw new Error(`Unexpected dialog: ${dialog.message()}`);
    });
    await signInThroughRedirect(page, people.leo, `/messages?conversation=${people.ana.id}`);
    // The first pull brings the whole thread at once.
    await expect(log(page).getByText('Yes! I will book the driver.')).toBeVisible();
    const count = await log(page).locator('[data-message-id]').count();

    await expect(sendButton(page)).toBeDisabled();
    await composer(page).fill('   \n  ');
    await expect(sendButton(page)).toBeDisabled();
    await composer(page).press('Enter');
    await expect(log(page).locator('[data-message-id]')).toHaveCount(count);

    const script = `<script>alert(1)</script> ${unique('payload')}`;
    await send(page, script);
    await expect(log(page).getByText(script)).toBeVisible();
    await expect(log(page).locator('script')).toHaveCount(0);

    const long = 'x'.repeat(10_000);
    await send(page, long);
    const longBubble = log(page).locator('[data-message-id] p').filter({ hasText: long });
    await expect(longBubble).toBeVisible();
    const [bubbleBox, logBox] = [await longBubble.boundingBox(), await log(page).boundingBox()];
    expect(bubbleBox && logBox && bubbleBox.width <= logBox.width).toBe(true);
    // Both are on the server before the reload reads the thread again.
    for (const text of [script, long]) await expect(log(page).locator('[data-message-id]').filter({ hasText: text })).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
    await page.reload();
    await expect(log(page).getByText(script)).toBeVisible();
  });

  test('a message the server refuses shows Not sent with Retry and Delete; a hidden profile reads Unknown User', async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughRedirect(page, people.leo, `/messages?conversation=${nikaId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Unknown User' })).toBeVisible();
    await expect(log(page).getByText('No messages yet. Start the conversation!')).toBeVisible();

    const refused = unique('Hello stranger');
    await send(page, refused);
    const bubble = log(page).locator('[data-message-id]').filter({ hasText: refused });
    await expect(bubble).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(bubble.getByText('Not sent ·')).toBeVisible();
    await expect(bubble.getByRole('button', { name: 'Retry' })).toBeVisible();
    await screenshotBothWidths(page, 'messages-failed');

    // Retry queues it again (and the server refuses again); Delete removes it for good.
    await bubble.getByRole('button', { name: 'Retry' }).click();
    await expect(bubble).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await bubble.getByRole('button', { name: 'Delete' }).click();
    await expect(log(page).getByText(refused)).toHaveCount(0);
    await page.reload();
    await expect(log(page).getByText('No messages yet. Start the conversation!')).toBeVisible();
  });
});
