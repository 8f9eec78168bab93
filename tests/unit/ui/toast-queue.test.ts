import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_TIMEOUT_MS, toast, toastQueue } from '../../../src/ui/toast/toast-queue.ts';

afterEach(() => toast.clear());

// visibleToasts is only recomputed for subscribers, as ToastRegion is one.
function subscribe() {
  return toastQueue.subscribe(() => undefined);
}

describe('toast API', () => {
  it('queues success, error and info toasts with title, description and variant', () => {
    const unsubscribe = subscribe();
    toast.success('Profile updated', 'Your changes have been saved');
    toast.error('Error', 'Failed to load properties.');
    toast.info('Heads up');
    const contents = toastQueue.visibleToasts.map((t) => t.content);
    expect(contents).toEqual(
      expect.arrayContaining([
        { variant: 'success', title: 'Profile updated', description: 'Your changes have been saved' },
        { variant: 'error', title: 'Error', description: 'Failed to load properties.' },
        { variant: 'info', title: 'Heads up' },
      ]),
    );
    unsubscribe();
  });

  it('auto-dismisses by default and keeps toasts that carry an action', () => {
    const unsubscribe = subscribe();
    const plain = toast.success('Photo deleted successfully');
    const custom = toast.error('Error', undefined, { timeout: 9000 });
    const withAction = toast.info('Update available', 'A new version is ready.', { action: { label: 'Reload', onAction: () => undefined } });
    const byKey = new Map(toastQueue.visibleToasts.map((t) => [t.key, t]));
    expect(byKey.get(plain)?.timeout).toBe(DEFAULT_TOAST_TIMEOUT_MS);
    expect(byKey.get(custom)?.timeout).toBe(9000);
    expect(byKey.get(withAction)?.timeout).toBeUndefined();
    expect(byKey.get(withAction)?.content.action?.label).toBe('Reload');
    unsubscribe();
  });

  it('dismisses a toast by key', () => {
    const unsubscribe = subscribe();
    const key = toast.info('Temporary');
    expect(toastQueue.visibleToasts.some((t) => t.key === key)).toBe(true);
    toast.dismiss(key);
    expect(toastQueue.visibleToasts.some((t) => t.key === key)).toBe(false);
    unsubscribe();
  });
});
