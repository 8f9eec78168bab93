import { isSameDay, isSameYear } from 'date-fns';

// The platform's en-US formats (date-fns' format would bring every token's formatter to the page).
// Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps the text as it always was.
const time = { hour: 'numeric', minute: '2-digit' } as const;
const formats = {
  day: { month: 'short', day: 'numeric' },
  time,
  dayAndTime: { month: 'short', day: 'numeric', ...time },
  dateAndTime: { month: 'short', day: 'numeric', year: 'numeric', ...time },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Each formatter is made once, on first use: `toLocaleString` with options builds a new one on every call,
// which a thread of 400 bubbles paid on each render (docs/performance.md, queued messages).
const formatters = new Map<keyof typeof formats, Intl.DateTimeFormat>();

function enUs(date: Date, format: keyof typeof formats): string {
  let formatter = formatters.get(format);
  if (!formatter) formatters.set(format, (formatter = new Intl.DateTimeFormat('en-US', formats[format])));
  return formatter.format(date).replace(/\u202f/g, ' ');
}

/** Conversation rows: month and day of the last message (docs/product.md §2), e.g. "Nov 22". */
export function formatConversationDate(iso: string): string {
  return enUs(new Date(iso), 'day');
}

/** Message time: "3:05 PM" today, "Nov 22, 3:05 PM" earlier, with the year when it is not this year. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (isSameDay(date, now)) return enUs(date, 'time');
  if (isSameYear(date, now)) return enUs(date, 'dayAndTime');
  return enUs(date, 'dateAndTime');
}
