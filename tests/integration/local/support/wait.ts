// Waiting on signals in integration tests: a condition the server's answers make true, and a realtime
// channel's subscription. No fixed sleeps: `until` polls a cheap check and fails with what it waited for.
import type { RealtimeChannel } from '@supabase/supabase-js';

export interface UntilOptions {
  /** what is awaited, for the failure message */
  what?: string;
  timeoutMs?: number;
  intervalMs?: number;
}

export async function until(check: () => Promise<boolean> | boolean, options: UntilOptions = {}): Promise<void> {
  const { what = 'a condition', timeoutMs = 10_000, intervalMs = 20 } = options;
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Subscribes and resolves once the server confirms; rejects on a channel error or timeout. */
export function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}
