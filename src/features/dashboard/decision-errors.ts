// Turns a failed host decision into the toast the host sees. The trigger's refusal reaches the
// toast (the bookings trigger words the accept refusal exactly as docs/product.md §5 does, with the toast title
// in its HINT); other failures read as errorMessage words them (src/lib/error-message.ts).
import { CANNOT_ACCEPT_BOOKING, type Toast } from '../../domain/messages.ts';
import { errorMessage } from '../../lib/error-message.ts';

export type Decision = 'accept' | 'decline' | 'complete' | 'end';

const FAILURE_TITLES: Record<Decision, string> = {
  accept: CANNOT_ACCEPT_BOOKING.title,
  decline: 'Could not decline booking', // (ours)
  complete: 'Could not mark as completed', // (ours)
  end: 'Could not end the stay', // (ours)
};


function hintOf(error: unknown): string | null {
  const hint = (error as { hint?: unknown } | null)?.hint;
  return typeof hint === 'string' && hint.trim() ? hint.trim() : null;
}

export function decisionFailedToast(decision: Decision, error: unknown): Toast {
  return { title: hintOf(error) ?? FAILURE_TITLES[decision], description: errorMessage(error) };
}
