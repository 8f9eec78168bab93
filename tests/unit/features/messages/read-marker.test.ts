import { describe, expect, it } from 'vitest';
import type { ConversationSummaryRow, MessageRow } from '../../../../src/db/tables.ts';
import { readMarker } from '../../../../src/features/messages/read-marker.ts';

const me = 'me';
const key = 'dm:other';

function message(id: string, overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id, sender_id: 'other', receiver_id: me, property_id: null, conversation_type: 'host_guest', text: 'hi', read_at: null,
    created_at: `2025-11-22T10:00:0${id}Z`, updated_at: '2025-11-22T10:00:00Z', version: 1, deleted_at: null, conversation_key: key, _v: 1,
    ...overrides,
  };
}

function summary(unread: number): ConversationSummaryRow {
  return {
    conversation_key: key, other_user_id: 'other', other_user_name: 'Other', other_user_photo: null, last_message: 'hi',
    last_message_time: '2025-11-22T10:00:00Z', last_message_sender_id: 'other', unread_count: unread, conversation_type: 'host_guest', property_id: null, _sort: '',
  };
}

describe('readMarker', () => {
  it('is null when nothing is unread', () => {
    expect(readMarker(key, summary(0), [message('1', { read_at: '2025-11-22T10:01:00Z' }), message('2', { sender_id: me, receiver_id: 'other' })], me)).toBeNull();
    expect(readMarker(key, null, [], me)).toBeNull();
  });

  it('asks to mark read for an unread message addressed to me even before the inbox counts it', () => {
    expect(readMarker(key, summary(0), [message('1')], me)).not.toBeNull();
  });

  it('asks to mark read for an unread house chat (counted only by the inbox)', () => {
    expect(readMarker('house:p', { ...summary(2), conversation_key: 'house:p', conversation_type: 'house' }, [], me)).not.toBeNull();
  });

  it('changes when a new unread message arrives, and stays the same otherwise', () => {
    const first = readMarker(key, summary(1), [message('1')], me);
    expect(readMarker(key, summary(1), [message('1')], me)).toBe(first);
    expect(readMarker(key, summary(2), [message('1'), message('2')], me)).not.toBe(first);
  });
});
