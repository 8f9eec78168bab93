import { describe, expect, it } from 'vitest';
import { formatConversationDate, formatMessageTime } from '../../../../src/features/messages/message-dates.ts';

// Local-time ISO strings (no zone), so the expectations hold in any machine time zone.
describe('message dates', () => {
  it('shows month and day for conversation rows', () => {
    expect(formatConversationDate('2025-11-22T15:04:00')).toBe('Nov 22');
    expect(formatConversationDate('2025-01-05T00:30:00')).toBe('Jan 5');
  });

  it('shows only the time for today, the day before it otherwise, the year for other years', () => {
    const now = new Date('2025-11-22T18:00:00');
    expect(formatMessageTime('2025-11-22T15:04:00', now)).toBe('3:04 PM');
    expect(formatMessageTime('2025-11-21T09:15:00', now)).toBe('Nov 21, 9:15 AM');
    expect(formatMessageTime('2024-12-31T23:59:00', now)).toBe('Dec 31, 2024, 11:59 PM');
  });
});
