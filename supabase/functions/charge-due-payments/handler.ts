// charge-due-payments: the scheduler's call (pg_cron on hosted Supabase, every hour; the stand-in runs the
// same schedule itself). Only the service key may call it. Body { now? }: the scheduler's clock as an ISO
// time; the stand-in passes its own (which tests and demos move forward), hosted runs leave it out.
// → { charged: [{ paymentId, outcome, code? }] }. Safe to run twice: each payment is claimed once.
import { jsonResponse, postHandler } from '../_shared/http.ts';
import { chargeDuePayments } from '../_shared/monthly-payments.ts';
import { readSchedulerCall } from '../_shared/scheduler-call.ts';
import { createStripe } from '../_shared/stripe.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';

export default postHandler('charge-due-payments', async (req) => {
  const admin = createAdminClient();
  const { now } = await readSchedulerCall(req, admin, 'Only the scheduler may charge payments.');
  const charged = await chargeDuePayments(admin, createStripe(), now);
  return jsonResponse({ charged });
});
