// What the Messages page reads itself while the local mirror is still filling (docs/decisions/inbox-before-mirror.md):
// the inbox, and the latest page of the chat the user opens. One request each, as the caller, so RLS decides;
// the answers are shown, and the chat's page also kept, while the pull brings the rest behind them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { fromSupabase } from './supabase-errors.ts';
import { loadClient } from './load-client.ts';
import type { ServerRecord } from './sync-port.ts';

/** How many messages a chat's first page brings (the thread shows the latest ones first). */
export const CHAT_PAGE_SIZE = 50;

export type ChatPageTarget = { kind: 'direct'; userId: string } | { kind: 'house'; propertyId: string };

type ReadClient = Pick<SupabaseClient, 'from'>;

/** get_conversation_summaries(): the rows the inbox shows (the same read the pull stores, pull.ts). */
export async function fetchConversationSummaries(): Promise<ServerRecord[]> {
  const supabase = await loadClient();
  const { data, error } = await supabase.rpc('get_conversation_summaries');
  if (error) throw fromSupabase(error);
  return (data ?? []) as ServerRecord[];
}

/**
 * A chat's latest messages, newest first: a direct chat's between `me` and the other person, a house chat's
 * of its property. `client` is the app's (fetchChatLatestPage) or a test's.
 */
export async function chatLatestPage(client: ReadClient, target: ChatPageTarget, me: string): Promise<ServerRecord[]> {
  let query = client.from('messages').select('*').is('deleted_at', null);
  query =
    target.kind === 'house'
      ? query.eq('conversation_type', 'house').eq('property_id', target.propertyId)
      : query
          .in('conversation_type', ['guest_guest', 'host_guest'])
          .or(`and(sender_id.eq.${me},receiver_id.eq.${target.userId}),and(sender_id.eq.${target.userId},receiver_id.eq.${me})`);
  const { data, error } = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(CHAT_PAGE_SIZE);
  if (error) throw fromSupabase(error);
  return (data ?? []) as ServerRecord[];
}

export async function fetchChatLatestPage(target: ChatPageTarget, me: string): Promise<ServerRecord[]> {
  return chatLatestPage((await loadClient()) as unknown as ReadClient, target, me);
}
