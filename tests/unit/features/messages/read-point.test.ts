import { describe, expect, it } from 'vitest';
import type { ConversationSummaryRow, MessageRow } from '../../../../src/db/tables.ts';
import { readPoint } from '../../../../src/features/messages/read-marker.ts';

const me = 'me';
const key = 'dm:other';

function message(id: string, createdAt: string, overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id, sender_id: 'other', receiver_id: me, property_id: null, conversation_type: 'host_guest', text: 'hi', read_at: null,
    created_at: createdAt, updated_at: createdAt, version: 1, deleted_at: null, conversation_key: key, _v: 1,
    ...overrides,
  };
}

function summary(unread: number, overrides: Partial<ConversationSummaryRow> = {}): ConversationSummaryRow {
  return {
    conversation_key: key, other_user_id: 'other', other_user_name: 'Other', other_user_photo: null, last_message: 'hi',
    last_message_time: '2025-11-22T10:00:00Z', last_message_sender_id: 'other', unread_count: unread, conversation_type: 'host_guest', property_id: null, _sort: '',
    ...overrides,
  };
}

describe('readPoint', () => {
  it('reads up to the newest message from the other side, exactly as the server wrote it', () => {
    const messages = [message('a', '2025-11-22T10:00:00.123456+00:00'), message('b', '2025-11-22T10:00:00.123457+00:00'), message('mine', '2025-11-22T11:00:00.000Z', { sender_id: me, receiver_id: 'other' })];
    expect(readPoint(key, summary(2), messages, me)).toEqual({ marker: `${key}|2025-11-22T10:00:00.123457+00:00|b`, upTo: '2025-11-22T10:00:00.123457+00:00' });
  });

  it('keeps one marker while the unread count flickers during one open (one entry, not two)', () => {
    const messages = [message('a', '2025-11-22T10:00:01Z')];
    const markers = new Set([summary(2), summary(0), undefined, summary(5)].map((s) => readPoint(key, s, messages, me)?.marker));
    expect(markers.size).toBe(1);
  });

  it('falls back to the inbox’s last message when none is on the device, never to my own', () => {
    const house = summary(3, { conversation_key: 'house:p', conversation_type: 'house', last_message_time: '2025-11-22T09:00:00Z' });
    expect(readPoint('house:p', house, [], me)?.upTo).toBe('2025-11-22T09:00:00Z');
    expect(readPoint('house:p', { ...house, last_message_sender_id: me }, [], me)).toBeNull();
  });
});
