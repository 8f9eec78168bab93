// send-push: sends the Web Push notifications the database queued in push_outbox
// (docs/decisions/push-notifications.md). Called with the service key only: by pg_net right after a
// push is queued and by pg_cron every minute on hosted Supabase, by the stand-in's dispatcher and
// scheduler locally. Body { now? }: the scheduler's clock for due times (batched house chat pushes).
// → { sent, retried, dropped, deletedSubscriptions }; 503 when the VAPID keys are not configured.
import { errorResponse, jsonResponse, postHandler } from '../_shared/http.ts';
import { deliverDuePushes, vapidKeysFromEnv } from '../_shared/push-delivery.ts';
import { readSchedulerCall } from '../_shared/scheduler-call.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';

export default postHandler('send-push', async (req) => {
  const admin = createAdminClient();
  const { now } = await readSchedulerCall(req, admin, 'Only the scheduler may send push notifications.');
  const vapid = vapidKeysFromEnv();
  // Checked before claiming, so queued pushes wait for the keys instead of failing.
  if ('problem' in vapid) return errorResponse(503, 'push_not_configured', vapid.problem);
  return jsonResponse(await deliverDuePushes(admin, vapid.keys, now));
});
