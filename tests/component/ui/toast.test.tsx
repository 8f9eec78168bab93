import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATES_UNAVAILABLE } from '../../../src/domain/messages.ts';
import { toast } from '../../../src/ui/toast/toast-queue.ts';
import { ToastRegion } from '../../../src/ui/toast/toast-region.tsx';
import { describedAs } from '../described-as.ts';

afterEach(() => act(() => toast.clear()));

describe('ToastRegion', () => {
  it('shows a toast in the Notifications region, its title and description announced as one', () => {
    render(<ToastRegion />);
    act(() => void toast.error(DATES_UNAVAILABLE.title, DATES_UNAVAILABLE.description));
    const region = screen.getByRole('region', { name: 'Notifications' });
    const shown = within(region).getByRole('alertdialog', { name: DATES_UNAVAILABLE.title });
    expect(shown).toHaveAccessibleDescription(describedAs(DATES_UNAVAILABLE.description!));
    expect(shown).toHaveAttribute('data-variant', 'error');
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<ToastRegion />);
    act(() => void toast.success('Profile updated', 'Your changes have been saved'));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('runs a toast’s action once and closes it', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<ToastRegion />);
    act(() => void toast.info('New version available', undefined, { action: { label: 'Reload', onAction } }));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog', { name: 'New version available' })).not.toBeInTheDocument();
  });

  it('dismisses a plain toast after its timeout, but keeps one with an action', () => {
    vi.useFakeTimers();
    try {
      render(<ToastRegion />);
      act(() => {
        toast.success('Photo deleted successfully', undefined, { timeout: 5000 });
        toast.info('New version available', undefined, { action: { label: 'Reload', onAction: () => undefined } });
      });
      act(() => vi.advanceTimersByTime(5001));
      expect(screen.queryByRole('alertdialog', { name: 'Photo deleted successfully' })).not.toBeInTheDocument();
      expect(screen.getByRole('alertdialog', { name: 'New version available' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
