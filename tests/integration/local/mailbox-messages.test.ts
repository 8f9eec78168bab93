// The local mailbox: functions POST mails, tests and people read them as JSON or on the page.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));

interface Mail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  receivedAt: string;
}

describe.each(testEngines)('mailbox on %s', (engine) => {
  let t: TestServer;
  const send = (body: unknown) =>
    fetch(`${t.url}/mailbox/api/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const list = async (query = ''): Promise<Mail[]> => (await (await fetch(`${t.url}/mailbox/api/messages${query}`)).json()) as Mail[];

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores mails and lists them newest first, filtered by recipient', async () => {
    const first = await send({ from: 'NomadNest <bookings@nomadnest.local>', to: 'Guest <Guest@Example.com>', subject: 'Booking confirmed', text: 'See you in Lisbon' });
    expect(first.status).toBe(201);
    const stored = (await first.json()) as Mail;
    expect(stored).toMatchObject({ from: 'NomadNest <bookings@nomadnest.local>', to: ['Guest <Guest@Example.com>'], subject: 'Booking confirmed', text: 'See you in Lisbon', html: null });
    expect((await send({ from: 'bookings@nomadnest.local', to: ['host@example.com', 'guest@example.com'], subject: 'New booking', html: '<p>Paid</p>' })).status).toBe(201);

    const all = await list();
    expect(all.map((m) => m.subject)).toEqual(['New booking', 'Booking confirmed']);
    expect((await list('?to=guest@example.com')).map((m) => m.subject)).toEqual(['New booking', 'Booking confirmed']);
    expect((await list('?to=HOST@example.com')).map((m) => m.subject)).toEqual(['New booking']);
    expect(await list('?to=nobody@example.com')).toEqual([]);

    const one = (await (await fetch(`${t.url}/mailbox/api/messages/${stored.id}`)).json()) as Mail;
    expect(one.id).toBe(stored.id);
    expect((await fetch(`${t.url}/mailbox/api/messages/unknown`)).status).toBe(404);
  });

  it('renders the page with the HTML body escaped inside a sandboxed iframe', async () => {
    const sent = (await (await send({ from: 'a@b.c', to: 'x@y.z', subject: 'Hi <b>there</b>', html: '<script>alert(1)</script><p class="x">Body</p>' })).json()) as Mail;
    const response = await fetch(`${t.url}/mailbox?id=${sent.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
    expect(page).toContain('sandbox=""');
    expect(page).toContain('srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;&lt;p class=&quot;x&quot;&gt;Body&lt;/p&gt;"');
    expect(page).not.toContain('<script>alert(1)</script>');
  });

  it('refuses invalid mails with 400/413 and keeps serving', async () => {
    expect((await send('{not json')).status).toBe(400);
    expect((await send({ from: 'a@b.c', to: 'x@y.z', subject: 'no body' })).status).toBe(400);
    expect((await send({ from: 'not-an-address', to: 'x@y.z', subject: 's', text: 't' })).status).toBe(400);
    expect((await send({ from: 'a@b.c', to: [], subject: 's', text: 't' })).status).toBe(400);
    const invalid = await send({ from: 'a@b.c', subject: 's', text: 't' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toContain('to');
    expect((await send({ from: 'a@b.c', to: 'x@y.z', subject: 's', text: 'x'.repeat(1024 * 1024 + 1) })).status).toBe(413);
    expect((await send({ from: 'a@b.c', to: 'x@y.z', subject: 'still works', text: 'ok' })).status).toBe(201);
  });

  it('clears all mails', async () => {
    const cleared = await fetch(`${t.url}/mailbox/api/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { deleted: number }).deleted).toBeGreaterThan(0);
    expect(await list()).toEqual([]);
    expect(await (await fetch(`${t.url}/mailbox`)).text()).toContain('No mail yet');
  });
});
