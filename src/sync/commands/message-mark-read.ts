import * as v from 'valibot';
import { directConversationKey, houseConversationKey } from '../../db/conversation-key.ts';
import { defineCommand } from './command.ts';

const schema = v.union([
  v.object({ otherUserId: v.pipe(v.string(), v.uuid()) }),
  v.object({ propertyId: v.pipe(v.string(), v.uuid()) }),
]);

export type MarkReadArgs = v.InferInput<typeof schema>;
type Parsed = v.InferOutput<typeof schema>;

function keyOf(args: Parsed): string {
  return 'otherUserId' in args ? directConversationKey(args.otherUserId) : houseConversationKey(args.propertyId);
}

// Enough for any thread the UI shows; older unread rows are fixed by the next pull.
const MAX_MESSAGES_MARKED_LOCALLY = 500;

/**
 * Marks a conversation read: a direct thread through mark_conversation_read (every message from the
 * other user), a house chat through mark_house_chat_read (the caller's read cursor). Both RPCs are
 * idempotent, so a replay changes nothing.
 */
export const markConversationRead = defineCommand<Parsed>({
  name: 'message.markRead@1',
  schema,
  entity: 'conversations',
  entityId: keyOf,
  tables: (db) => [db.conversations.name, db.messages.name],
  async applyLocal(db, args, ctx) {
    const key = keyOf(args);
    const summary = await db.conversations.get(key);
    await db.conversations.update(key, { unread_count: 0 });
    if ('otherUserId' in args) {
      await db.messages
        .where('[conversation_key+created_at]')
        .between([key, ''], [key, '\uffff'])
        .filter((message) => message.receiver_id === ctx.userId && message.read_at === null)
        .limit(MAX_MESSAGES_MARKED_LOCALLY)
        .modify({ read_at: ctx.nowIso });
    }
    return { unreadCount: summary?.unread_count ?? 0 };
  },
  async push(remote, args) {
    if ('otherUserId' in args) await remote.rpc('mark_conversation_read', { p_other_user: args.otherUserId });
    else await remote.rpc('mark_house_chat_read', { p_property_id: args.propertyId });
    return { table: null, rows: [] };
  },
  onPermanentFailure: 'rollback',
  async rollback(db, args, before) {
    const { unreadCount } = before as { unreadCount: number };
    await db.conversations.update(keyOf(args), { unread_count: unreadCount });
  },
});
