// Realtime's REST broadcast (mounted at /realtime/v1): `POST /api/broadcast {messages:[{topic, event,
// payload, private}]}` and `POST /api/broadcast/:topic/events/:event` (body = payload), both 202.
// supabase-js uses them for channel.send() before the socket joined, and httpSend().
import { Hono, type Context } from 'hono';
import type { LocalContext } from '../context.ts';
import { HttpError } from '../http/http-error.ts';
import { resolveRequestAuth } from '../keys.ts';
import { realtimeHubOf } from './socket.ts';

function errorResponse(c: Context, error: unknown): Response {
  if (error instanceof HttpError) return c.json(error.body, error.status as 400 | 401 | 403);
  console.error('[realtime] broadcast failed', error);
  return c.json({ message: 'Internal error' }, 500);
}

export function realtimeRoutes(ctx: LocalContext): Hono {
  const app = new Hono();
  app.onError((error, c) => errorResponse(c, error));

  const send = (topic: string, event: string, payload: unknown): void => {
    const hub = realtimeHubOf(ctx);
    // Public-channel semantics: the REST sender is not a member, so every member receives it.
    hub?.broadcast(topic.startsWith('realtime:') ? topic : `realtime:${topic}`, null, { event, payload });
  };

  app.post('/api/broadcast', async (c) => {
    await resolveRequestAuth(ctx.keys, c.req.raw.headers, new URL(c.req.url));
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'Body is not valid JSON' }, 400);
    }
    const messages = (body as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(messages)) return c.json({ message: 'messages must be an array' }, 400);
    for (const m of messages) {
      const entry = m as { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown };
      if (typeof entry?.topic !== 'string' || typeof entry.event !== 'string') return c.json({ message: 'each message needs a topic and an event' }, 400);
      if (entry.private === true) return c.json({ message: 'private channels are not supported by the local server' }, 403);
    }
    for (const m of messages as { topic: string; event: string; payload?: unknown }[]) send(m.topic, m.event, m.payload ?? {});
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    await resolveRequestAuth(ctx.keys, c.req.raw.headers, new URL(c.req.url));
    let payload: unknown = {};
    const text = await c.req.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        return c.json({ message: 'Body is not valid JSON' }, 400);
      }
    }
    send(c.req.param('topic'), c.req.param('event'), payload);
    return c.body(null, 202);
  });

  return app;
}
