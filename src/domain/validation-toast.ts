// A schema issue carries one message; a toast wants a title too. Issue messages of the docs/product.md §5
// pairs are their descriptions, so the pair is found again here; lone texts become the title.
import { VALIDATION_TOASTS, type Toast } from './messages.ts';

export function toastForIssueMessage(message: string): Toast {
  return VALIDATION_TOASTS.find((toast) => toast.description === message) ?? { title: message };
}
