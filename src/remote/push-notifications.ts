// The server's side of notifications, online-only: this user's devices (push_subscriptions, own rows
// by RLS) and which kinds they want (notification_preferences; no row means every kind on).
// The browser's own subscription is src/pwa/push-device.ts.
import { loadClient } from './load-client.ts';
import { fromSupabase } from './supabase-errors.ts';

export interface PushDevice {
  id: string;
  endpoint: string;
  userAgent: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

export interface NotificationPreferences {
  messages: boolean;
  bookingUpdates: boolean;
  houseChat: boolean;
}

export const allNotificationsOn: NotificationPreferences = { messages: true, bookingUpdates: true, houseChat: true };

/** Saves this browser's subscription as the signed-in user's (it moves over from whoever had it). */
export async function registerPushDevice(subscription: { endpoint: string; p256dh: string; auth: string }, userAgent: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.rpc('register_push_subscription', {
    p_endpoint: subscription.endpoint,
    p_p256dh: subscription.p256dh,
    p_auth: subscription.auth,
    p_user_agent: userAgent,
  });
  if (error) throw fromSupabase(error);
}

export async function listPushDevices(): Promise<PushDevice[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase
    .from('push_subscriptions')
    .select('id, endpoint, user_agent, created_at, last_success_at')
    .order('created_at', { ascending: false });
  if (error) throw fromSupabase(error);
  return data.map((row) => ({ id: row.id, endpoint: row.endpoint, userAgent: row.user_agent, createdAt: row.created_at, lastSuccessAt: row.last_success_at }));
}

export async function removePushDevice(id: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.from('push_subscriptions').delete().eq('id', id);
  if (error) throw fromSupabase(error);
}

/** Forgets a browser by its endpoint (own rows only, by RLS): a sign-out's first step while still signed in. */
export async function removePushDeviceByEndpoint(endpoint: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.from('push_subscriptions').delete().eq('endpoint', endpoint);
  if (error) throw fromSupabase(error);
}

export async function loadNotificationPreferences(): Promise<NotificationPreferences> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('notification_preferences').select('messages, booking_updates, house_chat').maybeSingle();
  if (error) throw fromSupabase(error);
  return data ? { messages: data.messages, bookingUpdates: data.booking_updates, houseChat: data.house_chat } : allNotificationsOn;
}

export async function saveNotificationPreferences(userId: string, preferences: NotificationPreferences): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase
    .from('notification_preferences')
    .upsert({ user_id: userId, messages: preferences.messages, booking_updates: preferences.bookingUpdates, house_chat: preferences.houseChat });
  if (error) throw fromSupabase(error);
}
