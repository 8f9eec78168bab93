import { isSameDay, isSameYear } from 'date-fns';

// The platform's en-US formats (date-fns' format would bring every token's formatter to the page).
// Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps the text as it always was.
function enUs(date: Date, options: Intl.DateTimeFormatOptions): string {
  return date.toLocaleString('en-US', options).replace(/\u202f/g, ' ');
}

const time = { hour: 'numeric', minute: '2-digit' } as const;

/** Conversation rows: month and day of the last message (docs/product.md §2), e.g. "Nov 22". */
export function formatConversationDate(iso: string): string {
  return enUs(new Date(iso), { month: 'short', day: 'numeric' });
}

/** Message time: "3:05 PM" today, "Nov 22, 3:05 PM" earlier, with the year when it is not this year. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (isSameDay(date, now)) return enUs(date, time);
  if (isSameYear(date, now)) return enUs(date, { month: 'short', day: 'numeric', ...time });
  return enUs(date, { month: 'short', day: 'numeric', year: 'numeric', ...time });
}
