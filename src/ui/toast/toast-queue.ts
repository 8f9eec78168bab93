import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastVariant = 'success' | 'error' | 'info';

export type ToastAction = { label: string; onAction: () => void };

export type ToastContent = {
  variant: ToastVariant;
  title: string;
  description?: string;
  action?: ToastAction;
};

export type ToastOptions = {
  /** Adds a button in the toast (e.g. "Reload"); such toasts stay until acted on or closed. */
  action?: ToastAction;
  /** Auto-dismiss after this many ms (default 5000; ignored when there is an action). */
  timeout?: number;
  onClose?: () => void;
};

export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

/** The app-wide queue; render `<ToastRegion />` once to show it. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 4 });

function show(variant: ToastVariant, title: string, description?: string, options: ToastOptions = {}): string {
  const { action, onClose } = options;
  const content: ToastContent = { variant, title };
  if (description !== undefined) content.description = description;
  if (action) content.action = action;
  return toastQueue.add(content, {
    // A toast with an action must wait for the user (WCAG 2.2.1: timing adjustable).
    timeout: action ? undefined : (options.timeout ?? DEFAULT_TOAST_TIMEOUT_MS),
    onClose,
  });
}

/** `toast.error` is the destructive variant used for docs/product.md §8 error toasts. Each call returns the toast key. */
export const toast = {
  success: (title: string, description?: string, options?: ToastOptions) => show('success', title, description, options),
  error: (title: string, description?: string, options?: ToastOptions) => show('error', title, description, options),
  info: (title: string, description?: string, options?: ToastOptions) => show('info', title, description, options),
  dismiss: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};
