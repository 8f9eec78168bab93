// Sends what the push_outbox triggers queued (supabase/migrations/20250601001800_push_notifications.sql
// decides who is told what; this decides how it is sent): claims due rows, encrypts each for every
// subscription of its recipient and records the outcome. 2xx → sent (last_success_at); 404/410 → the
// subscription is deleted; 429, 5xx and network errors → retried with backoff by the database; any
// other refusal (400, 413, a VAPID 401/403, a redirect: never followed) is logged and that device skipped.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from './env.ts';
import { buildPushRequest, PushPayloadTooLarge, type Urgency, type VapidKeys } from './web-push.ts';

type Kind = 'message' | 'house_chat' | 'booking';

interface ClaimedPush {
  id: string;
  recipient_id: string;
  kind: Kind;
  topic: string;
  payload: { kind: Kind; title: string; body: string; icon: string | null; url: string; tag: string; badge: number };
}

interface Subscription {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type DeviceOutcome = 'delivered' | 'gone' | 'transient' | 'refused';

export interface DeliveryReport {
  sent: number;
  retried: number;
  dropped: number;
  deletedSubscriptions: number;
}

const hour = 3600;
/** Messages matter for a day; a booking decision still matters after a weekend offline. */
const delivery: Record<Kind, { ttl: number; urgency: Urgency }> = {
  message: { ttl: 24 * hour, urgency: 'high' },
  house_chat: { ttl: 24 * hour, urgency: 'normal' },
  booking: { ttl: 4 * 24 * hour, urgency: 'high' },
};
const requestTimeoutMs = 10_000;
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The development push service's origin: the stand-in's push double lives at /push on SUPABASE_URL,
 * when that is a loopback http URL (the database's app.settings.dev_push_origin names the same origin).
 * On hosted Supabase there is none, and only https push services are contacted.
 */
export function devPushOrigin(supabaseUrl: string | undefined): string | null {
  if (!supabaseUrl) return null;
  try {
    const parsed = new URL(supabaseUrl);
    return parsed.protocol === 'http:' && loopbackHosts.has(parsed.hostname) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** https, or the push double's send path at exactly the development origin: never another local service. */
export function isAllowedEndpoint(endpoint: URL, devOrigin: string | null): boolean {
  if (endpoint.protocol === 'https:') return true;
  return devOrigin !== null && endpoint.origin === devOrigin && /^\/push\/v1\/send\/[A-Za-z0-9_-]{1,64}$/.test(endpoint.pathname) && endpoint.search === '';
}

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT, or what is wrong with them. */
export function vapidKeysFromEnv(): { keys: VapidKeys } | { problem: string } {
  const publicKey = getEnv('VAPID_PUBLIC_KEY');
  const privateKey = getEnv('VAPID_PRIVATE_KEY');
  const subject = getEnv('VAPID_SUBJECT');
  const missing = Object.entries({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject }).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length) return { problem: `Push is not configured: set ${missing.join(', ')}` };
  if (!/^B[A-Za-z0-9_-]{86}$/.test(publicKey ?? '')) return { problem: 'VAPID_PUBLIC_KEY must be the base64url of an uncompressed P-256 public key (65 bytes)' };
  if (!/^[A-Za-z0-9_-]{43}$/.test(privateKey ?? '')) return { problem: 'VAPID_PRIVATE_KEY must be the base64url of the 32-byte private key' };
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject ?? '')) return { problem: 'VAPID_SUBJECT must be a mailto: or https: contact' };
  return { keys: { publicKey: publicKey as string, privateKey: privateKey as string, subject: subject as string } };
}

async function sendToDevice(push: ClaimedPush, subscription: Subscription, vapid: VapidKeys, devOrigin: string | null): Promise<{ outcome: DeviceOutcome; detail: string }> {
  let endpoint: URL;
  try {
    endpoint = new URL(subscription.endpoint);
  } catch {
    return { outcome: 'refused', detail: 'not a URL' };
  }
  if (!isAllowedEndpoint(endpoint, devOrigin)) return { outcome: 'refused', detail: `not a push service: ${endpoint.origin}` };
  const { ttl, urgency } = delivery[push.kind];
  const p = push.payload;
  // Exactly the keys the service worker reads.
  const payload = JSON.stringify({ kind: p.kind, title: p.title, body: p.body, icon: p.icon, url: p.url, tag: p.tag, badge: p.badge });
  let response: Response;
  try {
    const request = await buildPushRequest(subscription, payload, { ttl, urgency, topic: push.topic }, vapid);
    // A push service answers; it does not send us elsewhere (a redirect could point at any host).
    response = await fetch(request, { redirect: 'manual', signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch (error) {
    if (error instanceof PushPayloadTooLarge) return { outcome: 'refused', detail: error.message };
    return { outcome: 'transient', detail: `network: ${error instanceof Error ? error.message : String(error)}` };
  }
  const text = await response.text().catch(() => '');
  const detail = `${response.status} from ${endpoint.origin}${text ? `: ${text.slice(0, 200)}` : ''}`;
  if (response.status >= 300 && response.status < 400) return { outcome: 'refused', detail: `${detail} (redirects are not followed)` };
  if (response.ok) return { outcome: 'delivered', detail };
  if (response.status === 404 || response.status === 410) return { outcome: 'gone', detail };
  if (response.status === 429 || response.status >= 500) return { outcome: 'transient', detail };
  return { outcome: 'refused', detail };
}

/** Icons stored as storage paths (`/storage/v1/object/public/…`) become URLs the service worker can fetch. */
function withAbsoluteIcon(push: ClaimedPush, baseUrl: string | undefined): ClaimedPush {
  const icon = push.payload.icon;
  if (!icon || !icon.startsWith('/') || !baseUrl) return push;
  return { ...push, payload: { ...push.payload, icon: new URL(icon, baseUrl).toString() } };
}

/** Sends every push due at `now` (the scheduler's clock). Two concurrent runs never send a row twice. */
export async function deliverDuePushes(admin: SupabaseClient, vapid: VapidKeys, now: Date): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, dropped: 0, deletedSubscriptions: 0 };
  const { data: claimed, error } = await admin.rpc('claim_push_outbox', { p_now: now.toISOString() });
  if (error) throw new Error(`claim_push_outbox: ${error.message}`);
  const pushes = (claimed ?? []) as ClaimedPush[];
  if (pushes.length === 0) return report;

  const recipients = [...new Set(pushes.map((push) => push.recipient_id))];
  const { data: rows, error: subscriptionsError } = await admin.from('push_subscriptions').select('id, user_id, endpoint, p256dh, auth').in('user_id', recipients);
  if (subscriptionsError) throw new Error(`push_subscriptions: ${subscriptionsError.message}`);
  const subscriptions = (rows ?? []) as Subscription[];
  const supabaseUrl = getEnv('SUPABASE_URL');
  const devOrigin = devPushOrigin(supabaseUrl);
  const gone = new Set<string>();

  for (const claimedPush of pushes) {
    const push = withAbsoluteIcon(claimedPush, supabaseUrl);
    const devices = subscriptions.filter((subscription) => subscription.user_id === push.recipient_id && !gone.has(subscription.id));
    const results = await Promise.all(devices.map(async (subscription) => ({ subscription, ...(await sendToDevice(push, subscription, vapid, devOrigin)) })));
    for (const result of results) {
      if (result.outcome === 'gone') gone.add(result.subscription.id);
      if (result.outcome === 'refused' || result.outcome === 'transient') console.warn(`[send-push] ${push.id} → subscription ${result.subscription.id}: ${result.detail}`);
    }
    const delivered = results.filter((result) => result.outcome === 'delivered').map((result) => result.subscription.id);
    if (delivered.length) {
      await admin.from('push_subscriptions').update({ last_success_at: new Date().toISOString() }).in('id', delivered);
    }
    // One device that showed it is enough; otherwise a passing failure is tried again.
    const outcome = delivered.length ? 'sent' : results.some((result) => result.outcome === 'transient') ? 'retry' : 'dropped';
    const problems = results.filter((result) => result.outcome !== 'delivered').map((result) => result.detail);
    const { data: state, error: recordError } = await admin.rpc('record_push_result', {
      p_outbox_id: push.id,
      p_outcome: outcome,
      p_error: devices.length === 0 ? 'no subscription' : problems.join('; ').slice(0, 500) || null,
    });
    if (recordError) throw new Error(`record_push_result: ${recordError.message}`);
    if (state === 'sent') report.sent += 1;
    else if (state === 'retry') report.retried += 1;
    else if (state === 'dropped') report.dropped += 1;
  }

  if (gone.size) {
    const { error: deleteError } = await admin.from('push_subscriptions').delete().in('id', [...gone]);
    if (deleteError) throw new Error(`push_subscriptions delete: ${deleteError.message}`);
    report.deletedSubscriptions = gone.size;
  }
  return report;
}
