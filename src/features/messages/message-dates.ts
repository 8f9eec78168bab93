import { format, isSameDay, isSameYear } from 'date-fns';

/** Conversation rows: month and day of the last message (docs/product.md §2), e.g. "Nov 22". */
export function formatConversationDate(iso: string): string {
  return format(new Date(iso), 'MMM d');
}

/** Message time: "3:05 PM" today, "Nov 22, 3:05 PM" earlier, with the year when it is not this year. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (isSameDay(date, now)) return format(date, 'h:mm a');
  if (isSameYear(date, now)) return format(date, 'MMM d, h:mm a');
  return format(date, 'MMM d, yyyy, h:mm a');
}
