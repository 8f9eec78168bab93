// Operator endpoints used by the CLI (`reset` while the server runs). Secret/service key only.
import { Hono } from 'hono';
import type { LocalContext } from './context.ts';
import { HttpError } from './http/http-error.ts';
import { resolveRequestAuth } from './keys.ts';

export function adminRoutes(ctx: LocalContext, reset: () => Promise<void>): Hono {
  const app = new Hono();
  app.post('/reset', async (c) => {
    const auth = await resolveRequestAuth(ctx.keys, c.req.raw.headers, new URL(c.req.url));
    if (auth.role !== 'service_role') throw new HttpError(403, 'forbidden', { message: 'service_role key required' });
    await reset();
    return c.json({ status: 'reset' });
  });
  return app;
}
