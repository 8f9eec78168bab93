// Chat input (docs/product.md §5): the trimmed text must not be empty; it is sent trimmed (docs/product.md §7).
import * as v from 'valibot';
import { MESSAGE_EMPTY } from '../messages.ts';
import { requiredText } from './fields.ts';

export const chatMessageSchema = requiredText(MESSAGE_EMPTY);

/** Send is disabled when the text is blank or a send is in flight. */
export function canSendMessage(text: string, sending: boolean): boolean {
  return !sending && v.is(chatMessageSchema, text);
}
