// Operator endpoints used by the CLI (`reset` while the server runs, `clock`) and by tests and demos
// (the scheduler's clock). Secret/service key only.
import { Hono, type Context } from 'hono';
import type { LocalContext } from './context.ts';
import { HttpError } from './http/http-error.ts';
import { resolveRequestAuth } from './keys.ts';
import { parseDuration, type SchedulerClock } from './scheduler/clock.ts';
import type { Scheduler } from './scheduler/scheduler.ts';

export interface AdminHooks {
  reset: () => Promise<void>;
  clock: SchedulerClock;
  scheduler: Scheduler;
}

export function adminRoutes(ctx: LocalContext, hooks: AdminHooks): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const auth = await resolveRequestAuth(ctx.keys, c.req.raw.headers, new URL(c.req.url));
    if (auth.role !== 'service_role') throw new HttpError(403, 'forbidden', { message: 'service_role key required' });
    await next();
  });
  app.post('/reset', async (c) => {
    await hooks.reset();
    return c.json({ status: 'reset' });
  });
  const clockState = (c: Context) => c.json({ now: hooks.clock.now().toISOString(), offset_ms: hooks.clock.offsetMs() });
  app.get('/clock', clockState);
  // Body { by: '31d' }: moves the scheduler's clock forward, then runs the scheduled functions at once.
  app.post('/clock/advance', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { by?: unknown };
    const ms = typeof body.by === 'string' ? parseDuration(body.by) : null;
    if (ms === null) throw new HttpError(400, 'invalid_duration', { message: 'by must be a duration such as "31d", "12h", "90m" or "30s"' });
    hooks.clock.advance(ms);
    const runs = await hooks.scheduler.runNow();
    return c.json({ now: hooks.clock.now().toISOString(), offset_ms: hooks.clock.offsetMs(), runs });
  });
  app.post('/scheduler/run', async (c) => c.json({ now: hooks.clock.now().toISOString(), runs: await hooks.scheduler.runNow() }));
  return app;
}
