// A call from the scheduler (pg_cron through pg_net on hosted Supabase, the stand-in's scheduler and push
// dispatcher locally): only the service key may make it, and its body { now? } carries the scheduler's
// clock as an ISO time (the stand-in passes its own, which tests and demos move forward; hosted leaves it
// out). Shared by charge-due-payments and send-push.
import type { SupabaseClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { HttpError, readJsonBody } from './http.ts';
import { requireCaller } from './supabase-admin.ts';

const bodySchema = v.object({ now: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO timestamp'))) });

/** The scheduler's time for due decisions; 401 without a key, 403 (`refusal`) for anyone but the service. */
export async function readSchedulerCall(req: Request, admin: SupabaseClient, refusal: string): Promise<{ now: Date }> {
  const caller = await requireCaller(req, admin, { allowService: true });
  if (caller.kind !== 'service') throw new HttpError(403, 'forbidden', refusal);
  const text = await req.text();
  const body = await readJsonBody(new Request(req.url, { method: 'POST', body: text === '' ? '{}' : text }), bodySchema);
  return { now: body.now ? new Date(body.now) : new Date() };
}
