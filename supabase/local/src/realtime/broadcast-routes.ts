// Realtime's REST broadcast (mounted at /realtime/v1): `POST /api/broadcast {messages:[{topic, event,
// payload, private}]}` and `POST /api/broadcast/:topic/events/:event[?private=true]` (body = payload,
// JSON or application/octet-stream), both 202. supabase-js uses them for channel.send() before the
// socket joined, and httpSend(). A private message goes out only if the caller is the service role or
// its realtime.messages policies allow broadcast write on the topic; otherwise it is dropped, still
// 202, as hosted does.
import { Hono, type Context } from 'hono';
import type { LocalContext } from '../context.ts';
import type { RequestAuth } from '../db/database.ts';
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

  // The REST sender is not a member, so every member that may read receives it.
  const send = async (auth: RequestAuth, message: { topic: string; event: string; payload: unknown; private: boolean }): Promise<void> => {
    const hub = realtimeHubOf(ctx);
    const topic = message.topic.startsWith('realtime:') ? message.topic : `realtime:${message.topic}`;
    if (!hub || (message.private && !(await hub.mayBroadcastPrivately(auth, topic)))) return;
    if (message.payload instanceof Uint8Array) hub.sendBinary(topic, null, message.event, message.payload, message.private);
    else hub.broadcast(topic, null, { event: message.event, payload: message.payload }, message.private);
  };

  app.post('/api/broadcast', async (c) => {
    const auth = await resolveRequestAuth(ctx.keys, c.req.raw.headers, new URL(c.req.url));
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
    }
    for (const m of messages as { topic: string; event: string; payload?: unknown; private?: unknown }[]) {
      await send(auth, { topic: m.topic, event: m.event, payload: m.payload ?? {}, private: m.private === true });
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const auth = await resolveRequestAuth(ctx.keys, c.req.raw.headers, new URL(c.req.url));
    const isPrivate = c.req.query('private') === 'true';
    let payload: unknown = {};
    if (c.req.header('content-type')?.split(';')[0]?.trim() === 'application/octet-stream') {
      payload = new Uint8Array(await c.req.arrayBuffer());
      await send(auth, { topic: c.req.param('topic'), event: c.req.param('event'), payload, private: isPrivate });
      return c.body(null, 202);
    }
    const text = await c.req.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        return c.json({ message: 'Body is not valid JSON' }, 400);
      }
    }
    await send(auth, { topic: c.req.param('topic'), event: c.req.param('event'), payload, private: isPrivate });
    return c.body(null, 202);
  });

  return app;
}
