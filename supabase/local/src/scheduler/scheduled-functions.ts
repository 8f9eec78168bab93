// What the stand-in runs on a schedule, as pg_cron does on hosted Supabase
// (supabase/migrations/20250601001710_charge_due_payments_schedule.sql and
// 20250601001800_push_notifications.sql schedule the same functions at the same intervals;
// tests/integration/local/scheduler.test.ts ties them).

export interface ScheduledFunction {
  /** the Edge Function called, with the service key and `{ now }` (the stand-in's clock) */
  name: string;
  /** pg_cron's schedule of it on hosted Supabase */
  cron: string;
  everyMs: number;
}

export const scheduledFunctions: readonly ScheduledFunction[] = [
  { name: 'charge-due-payments', cron: '0 * * * *', everyMs: 60 * 60 * 1000 },
  // the backstop for batched house chat pushes and retries; the push dispatcher sends the rest at once
  { name: 'send-push', cron: '* * * * *', everyMs: 60 * 1000 },
];
