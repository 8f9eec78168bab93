// The rows the Messages page shows before the pull stored them (docs/decisions/inbox-before-mirror.md): when a
// chat's latest page is needed, and how it merges with what the mirror holds.
import { describe, expect, it } from 'vitest';
import type { ConversationSummaryRow, MessageRow } from '../../../src/db/tables.ts';
import { hasLatestMessage, mergeChatRows, toConversationSummaries, toMessageRows } from '../../../src/sync/pull-ahead-rows.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const at = (second: number) => `2026-11-29T10:00:${String(second).padStart(2, '0')}+00:00`;

function record(id: string, second: number, extra: Record<string, unknown> = {}) {
  return { id, sender_id: OTHER, receiver_id: ME, property_id: null, conversation_type: 'guest_guest', text: id, read_at: null, version: 1, created_at: at(second), updated_at: at(second), deleted_at: null, ...extra };
}

const rows = (...records: ReturnType<typeof record>[]): MessageRow[] => toMessageRows(records, ME);
const summary = (second: number | null) => ({ last_message_time: second === null ? null : at(second) }) as ConversationSummaryRow;

describe('toMessageRows', () => {
  it('keys the page like the mirror and leaves out withdrawn messages; the merge orders it oldest first', () => {
    const page = rows(record('c', 3), record('a', 1), record('gone', 2, { deleted_at: at(4) }));
    expect(page.map((row) => [row.id, row.conversation_key])).toEqual([['c', `dm:${OTHER}`], ['a', `dm:${OTHER}`]]);
    expect(mergeChatRows(undefined, page)!.map((row) => row.id)).toEqual(['a', 'c']);
  });
});

describe('hasLatestMessage', () => {
  it.each([
    ['holds the inbox last message', [1, 5], 5, true],
    ['holds something newer (a message just sent)', [1, 6], 5, true],
    ['holds only older ones (the pull has not reached it)', [1, 2], 5, false],
    ['holds nothing', [], 5, false],
    ['a conversation without messages', [], null, true],
  ] as const)('%s', (_, seconds, last, expected) => {
    expect(hasLatestMessage(rows(...seconds.map((second) => record(`m${second}`, second))), summary(last))).toBe(expected);
  });
});

describe('mergeChatRows', () => {
  it('shows the mirror alone when no page was read', () => {
    const mirror = rows(record('a', 1));
    expect(mergeChatRows(mirror, null)).toBe(mirror);
    expect(mergeChatRows(undefined, null)).toBeUndefined();
  });

  it('adds the page rows the mirror lacks, in thread order, and keeps the mirror copy of a row both hold', () => {
    const mirror = rows(record('a', 1), record('b', 2, { read_at: at(9), version: 2 }));
    const page = rows(record('c', 3), record('b', 2));
    const merged = mergeChatRows(mirror, page)!;
    expect(merged.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(merged[1]!.read_at).toBe(at(9));
    expect(mergeChatRows(undefined, page)!.map((row) => row.id)).toEqual(['b', 'c']);
  });
});

describe('toConversationSummaries', () => {
  it('keys direct and house rows like the mirror and keeps the server order', () => {
    const records = [
      { other_user_id: OTHER, other_user_name: 'Ana', other_user_photo: null, last_message: 'hi', last_message_time: at(5), last_message_sender_id: OTHER, unread_count: 2, conversation_type: 'guest_guest', property_id: null },
      { other_user_id: null, other_user_name: 'Villa', other_user_photo: null, last_message: null, last_message_time: null, last_message_sender_id: null, unread_count: 0, conversation_type: 'house', property_id: 'p1' },
    ];
    expect(toConversationSummaries(records, ME).map((row) => [row.conversation_key, row.unread_count, row._sort])).toEqual([[`dm:${OTHER}`, 2, at(5)], ['house:p1', 0, '']]);
  });
});
