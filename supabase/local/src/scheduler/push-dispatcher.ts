// Sends Web Push at once, as the pg_net call of 20250601001800_push_notifications.sql does on hosted
// Supabase: when a push is queued, Postgres notifies `push_outbox` (through the engine's LISTEN, which
// works on PGlite and native Postgres alike) and the scheduler runs send-push. Its request() coalesces a
// burst into one run and never overlaps runs; batched and retried pushes wait for the minute schedule
// or a clock advance.
import type { Database } from '../db/database.ts';
import type { Scheduler } from './scheduler.ts';

export const pushOutboxChannel = 'push_outbox';

export async function startPushDispatcher(db: Database, scheduler: Scheduler, onError: (error: unknown) => void): Promise<() => Promise<void>> {
  return db.listen(pushOutboxChannel, () => {
    scheduler
      .request('send-push')
      .then((run) => {
        if (run.status >= 400 && run.status !== 404) onError(new Error(`send-push answered ${run.status}: ${JSON.stringify(run.body)}`));
      })
      .catch(onError);
  });
}
