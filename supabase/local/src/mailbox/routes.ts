// Local mailbox: the functions POST mails here instead of a mail provider; a page lists them.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { LocalContext } from '../context.ts';
import { MailboxStore } from './mailbox-store.ts';
import { renderMailboxPage } from './mailbox-page.ts';

const maxMailBytes = 1024 * 1024;

const address = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(320), v.includes('@', 'must contain @'));

const sendSchema = v.pipe(
  v.object({
    from: address,
    to: v.union([v.pipe(address, v.transform((one) => [one])), v.pipe(v.array(address), v.minLength(1), v.maxLength(50))]),
    subject: v.pipe(v.string(), v.maxLength(998)),
    text: v.optional(v.string()),
    html: v.optional(v.string()),
  }),
  v.check((mail) => mail.text !== undefined || mail.html !== undefined, 'text or html is required'),
);

function issuesMessage(issues: v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = issue.path?.map((item) => String(item.key)).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export function mailboxRoutes(ctx: LocalContext): Hono {
  const store = new MailboxStore(ctx.db);
  const app = new Hono();

  app.post('/api/send', async (c) => {
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > maxMailBytes) return c.json({ error: 'payload_too_large', message: 'A mail may be at most 1 MiB' }, 413);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.json({ error: 'invalid_json', message: 'The body must be JSON: {from,to,subject,text?,html?}' }, 400);
    }
    const parsed = v.safeParse(sendSchema, body);
    if (!parsed.success) return c.json({ error: 'validation_failed', message: issuesMessage(parsed.issues) }, 400);
    const message = await store.add(parsed.output);
    console.info(`[mailbox] ${message.from} → ${message.to.join(', ')}: ${message.subject}`);
    return c.json(message, 201);
  });

  app.get('/api/messages', async (c) => c.json(await store.list(c.req.query('to') || undefined)));

  app.get('/api/messages/:id', async (c) => {
    const message = await store.get(c.req.param('id'));
    return message ? c.json(message) : c.json({ error: 'not_found', message: 'No such mail' }, 404);
  });

  app.delete('/api/messages', async (c) => c.json({ deleted: await store.clear() }));

  app.get('/', async (c) => {
    const messages = await store.list();
    const id = c.req.query('id');
    const selected = id ? (messages.find((m) => m.id === id) ?? (await store.get(id))) : (messages[0] ?? null);
    const basePath = c.req.path.replace(/\/$/, '');
    return c.html(renderMailboxPage(messages, selected, basePath));
  });

  return app;
}
