// charge-due-payments: the scheduler's call (pg_cron on hosted Supabase, every hour; the stand-in runs the
// same schedule itself). Only the service key may call it. Body { now? }: the scheduler's clock as an ISO
// time; the stand-in passes its own (which tests and demos move forward), hosted runs leave it out.
// → { charged: [{ paymentId, outcome, code? }] }. Safe to run twice: each payment is claimed once.
import * as v from 'valibot';
import { HttpError, jsonResponse, postHandler, readJsonBody } from '../_shared/http.ts';
import { chargeDuePayments } from '../_shared/monthly-payments.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient, requireCaller } from '../_shared/supabase-admin.ts';

const bodySchema = v.object({ now: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO timestamp'))) });

export default postHandler('charge-due-payments', async (req) => {
  const admin = createAdminClient();
  const caller = await requireCaller(req, admin, { allowService: true });
  if (caller.kind !== 'service') throw new HttpError(403, 'forbidden', 'Only the scheduler may charge payments.');
  const text = await req.text();
  const body = await readJsonBody(new Request(req.url, { method: 'POST', body: text === '' ? '{}' : text }), bodySchema);
  const now = body.now ? new Date(body.now) : new Date();
  const charged = await chargeDuePayments(admin, createStripe(), now);
  return jsonResponse({ charged });
});
