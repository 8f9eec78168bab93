import * as v from 'valibot';
import type { AppDb } from '../../db/db.ts';
import { directConversationKey, houseConversationKey } from '../../db/conversation-key.ts';
import type { MessageRow, OutboxError } from '../../db/tables.ts';
import { compareTimestamps } from '../pull.ts';
import { defineCommand } from './command.ts';
import { describeRefusal } from './refusals.ts';

const schemaV1 = v.union([
  v.object({ otherUserId: v.pipe(v.string(), v.uuid()) }),
  v.object({ propertyId: v.pipe(v.string(), v.uuid()) }),
]);

// `upTo`: the created_at of the newest message the user saw, exactly as the server wrote it
// (microseconds included; a Date would cut them and leave that very message unread).
const upTo = v.pipe(v.string(), v.maxLength(64), v.check((value) => !Number.isNaN(Date.parse(value)), 'upTo must be a timestamp'));
const schema = v.union([
  v.object({ otherUserId: v.pipe(v.string(), v.uuid()), upTo }),
  v.object({ propertyId: v.pipe(v.string(), v.uuid()), upTo }),
]);

/** @deprecated message.markRead@1 (marks everything up to the server's now); kept to replay queued entries. */
export type MarkReadV1Args = v.InferInput<typeof schemaV1>;
export type MarkReadArgs = v.InferInput<typeof schema>;
type ParsedV1 = v.InferOutput<typeof schemaV1>;
type Parsed = v.InferOutput<typeof schema>;

function keyOf(args: ParsedV1): string {
  return 'otherUserId' in args ? directConversationKey(args.otherUserId) : houseConversationKey(args.propertyId);
}

// Enough for any thread the UI shows; older unread rows are fixed by the next pull.
const MAX_MESSAGES_MARKED_LOCALLY = 500;

function messagesOf(db: AppDb, key: string) {
  return db.messages.where('[conversation_key+created_at]').between([key, ''], [key, '\uffff']);
}

/** A message from someone else the reader has not read: in a direct thread its read_at, in a house chat the cursor. */
function isUnreadFor(message: MessageRow, me: string, isHouse: boolean): boolean {
  if (message.deleted_at !== null) return false;
  return isHouse ? message.sender_id !== me : message.receiver_id === me && message.read_at === null;
}

/** What a mark-read changed on the device: the inbox count, and the direct messages it marked read. */
interface MarkReadSnapshot {
  unreadCount: number;
  /** absent in entries queued by builds before rollbacks restored them */
  markedIds?: string[];
}

async function markReadLocally(db: AppDb, key: string, isMarked: (message: MessageRow) => boolean, readAt: string): Promise<string[]> {
  const marked = await messagesOf(db, key).filter(isMarked).limit(MAX_MESSAGES_MARKED_LOCALLY).toArray();
  await db.messages.bulkUpdate(marked.map((message) => ({ key: message.id, changes: { read_at: readAt } })));
  return marked.map((message) => message.id);
}

/** A refused mark-read: the inbox count and the messages it marked read are unread again. */
async function restoreUnread(db: AppDb, args: ParsedV1, before: unknown): Promise<void> {
  const { unreadCount, markedIds = [] } = before as MarkReadSnapshot;
  await db.conversations.update(keyOf(args), { unread_count: unreadCount });
  await db.messages.bulkUpdate(markedIds.map((id) => ({ key: id, changes: { read_at: null } })));
}

async function describeMarkRead(db: AppDb, args: ParsedV1): Promise<string> {
  const summary = await db.conversations.get(keyOf(args));
  if ('otherUserId' in args) return `Marking your conversation with ${summary?.other_user_name || 'someone'} as read`;
  return `Marking the ${summary?.other_user_name || 'house'} chat as read`;
}

const markReadRefusal = (error: OutboxError) => describeRefusal(error, { 'not-allowed': 'you are no longer in this conversation', gone: 'this conversation no longer exists' });

/**
 * Marks a conversation read up to the newest message the user saw (`upTo`): a direct thread through
 * mark_conversation_read(p_other_user, p_up_to) (messages from the other user created at or before
 * it), a house chat through mark_house_chat_read(p_property_id, p_up_to) (the caller's cursor, never
 * moved backwards). A message that arrives after the user looked stays unread, however late the
 * entry is sent. Both RPCs are idempotent, so a replay changes nothing. Queued entries of one
 * conversation collapse into one (the later `upTo` wins). See docs/decisions/mark-read-up-to.md.
 */
export const markConversationRead = defineCommand<Parsed>({
  name: 'message.markRead@2',
  schema,
  entity: 'conversations',
  entityId: keyOf,
  tables: (db) => [db.conversations.name, db.messages.name],
  async applyLocal(db, args, ctx) {
    const key = keyOf(args);
    const isHouse = !('otherUserId' in args);
    const summary = await db.conversations.get(key);
    const markedIds = isHouse ? [] : await markReadLocally(db, key, (message) => isUnreadFor(message, ctx.userId, false) && compareTimestamps(message.created_at, args.upTo) <= 0, ctx.nowIso);
    // What is left unread is what came after upTo (as far as this device knows; the next pull
    // brings the server's count once the entry is acknowledged).
    const stillUnread = await messagesOf(db, key)
      .filter((message) => isUnreadFor(message, ctx.userId, isHouse) && compareTimestamps(message.created_at, args.upTo) > 0)
      .count();
    await db.conversations.update(key, { unread_count: Math.min(stillUnread, summary?.unread_count ?? stillUnread) });
    return { unreadCount: summary?.unread_count ?? 0, markedIds } satisfies MarkReadSnapshot;
  },
  async push(remote, args) {
    if ('otherUserId' in args) await remote.rpc('mark_conversation_read', { p_other_user: args.otherUserId, p_up_to: args.upTo });
    else await remote.rpc('mark_house_chat_read', { p_property_id: args.propertyId, p_up_to: args.upTo });
    return { table: null, rows: [] };
  },
  collapse(queued, next) {
    return compareTimestamps(next.upTo, queued.upTo) >= 0 ? next : { ...next, upTo: queued.upTo };
  },
  onPermanentFailure: 'rollback',
  rollback: restoreUnread,
  describe: describeMarkRead,
  refusal: markReadRefusal,
});

/**
 * message.markRead@1: marks everything up to the server's now. No longer enqueued; kept in the
 * registry so entries already queued on devices still replay (the one-argument RPCs remain).
 */
export const markConversationReadV1 = defineCommand<ParsedV1>({
  name: 'message.markRead@1',
  schema: schemaV1,
  entity: 'conversations',
  entityId: keyOf,
  tables: (db) => [db.conversations.name, db.messages.name],
  async applyLocal(db, args, ctx) {
    const key = keyOf(args);
    const summary = await db.conversations.get(key);
    await db.conversations.update(key, { unread_count: 0 });
    const markedIds = 'otherUserId' in args ? await markReadLocally(db, key, (message) => message.receiver_id === ctx.userId && message.read_at === null, ctx.nowIso) : [];
    return { unreadCount: summary?.unread_count ?? 0, markedIds } satisfies MarkReadSnapshot;
  },
  async push(remote, args) {
    if ('otherUserId' in args) await remote.rpc('mark_conversation_read', { p_other_user: args.otherUserId });
    else await remote.rpc('mark_house_chat_read', { p_property_id: args.propertyId });
    return { table: null, rows: [] };
  },
  onPermanentFailure: 'rollback',
  rollback: restoreUnread,
  describe: describeMarkRead,
  refusal: markReadRefusal,
});
