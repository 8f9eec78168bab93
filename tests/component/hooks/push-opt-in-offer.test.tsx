// The notifications offer (docs/decisions/push-in-the-browser.md): shown only when it can work and is not
// on yet; "Not now" hides it for 30 days; "Turn on" subscribes and registers this browser.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localKeys } from '../../../src/config/storage-keys.ts';
import { PushOptInOffer } from '../../../src/hooks/push-opt-in-offer.tsx';
import { toast } from '../../../src/ui/toast/toast-queue.ts';

const remote = vi.hoisted(() => ({ registerPushDevice: vi.fn(), removePushDeviceByEndpoint: vi.fn() }));
vi.mock('../../../src/remote/push-notifications.ts', () => remote);
const device = vi.hoisted(() => ({
  pushAvailability: vi.fn(() => 'available'),
  currentDeviceSubscription: vi.fn(async () => null as unknown),
  subscribeThisDevice: vi.fn(),
  unsubscribeThisDevice: vi.fn(),
}));
// The failure wording (subscribeFailure) is the real one.
vi.mock('../../../src/pwa/push-device.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), ...device }));

const text = 'Get notified when Maya replies';
const offer = () => screen.queryByRole('region', { name: text });

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  device.pushAvailability.mockReturnValue('available');
  device.currentDeviceSubscription.mockResolvedValue(null);
});
afterEach(() => {
  act(() => toast.clear());
});

describe('PushOptInOffer', () => {
  it('offers, and Turn on registers this browser', async () => {
    const subscription = { endpoint: 'https://push.example/1', p256dh: 'p', auth: 'a' };
    device.subscribeThisDevice.mockResolvedValue(subscription);
    render(<PushOptInOffer text={text} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expect(offer()).not.toBeInTheDocument());
    expect(remote.registerPushDevice).toHaveBeenCalledWith(subscription, navigator.userAgent);
  });

  it('Not now hides it and keeps it away on the next visit', async () => {
    const { unmount } = render(<PushOptInOffer text={text} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(offer()).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(localKeys.pushPromptDismissedAt))).toBeGreaterThan(0);
    unmount();
    render(<PushOptInOffer text={text} />);
    await act(async () => {});
    expect(offer()).not.toBeInTheDocument();
  });

  it('comes back 30 days after Not now', async () => {
    localStorage.setItem(localKeys.pushPromptDismissedAt, String(Date.now() - 31 * 24 * 60 * 60 * 1000));
    render(<PushOptInOffer text={text} />);
    expect(await screen.findByRole('region', { name: text })).toBeInTheDocument();
  });

  it.each([
    ['this browser is subscribed already', () => device.currentDeviceSubscription.mockResolvedValue({ endpoint: 'e', p256dh: 'p', auth: 'a' })],
    ['notifications are blocked', () => device.pushAvailability.mockReturnValue('denied')],
    ['push is not set up', () => device.pushAvailability.mockReturnValue('not-configured')],
  ])('is not offered when %s', async (_name, arrange) => {
    arrange();
    render(<PushOptInOffer text={text} />);
    await act(async () => {});
    expect(offer()).not.toBeInTheDocument();
  });

  it('waits for its moment', async () => {
    render(<PushOptInOffer when={false} text={text} />);
    await act(async () => {});
    expect(offer()).not.toBeInTheDocument();
  });

  it.each([
    ['the site is blocked', new DOMException('Registration failed - permission denied', 'NotAllowedError'), /Notifications are blocked\. Allow notifications for this site in your browser's settings, then try again\./],
    ['no push service answers', new DOMException('Registration failed - push service error', 'AbortError'), /This browser couldn't turn on notifications\. Its push service didn't answer\./],
  ])('says what happened and what to do when subscribing throws (%s), and stays off', async (_name, error, said) => {
    device.subscribeThisDevice.mockRejectedValue(error);
    render(<PushOptInOffer text={text} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(said);
    // The offer stays, ready to try again; nothing was saved as on.
    expect(offer()).toContainElement(alert);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
    expect(remote.registerPushDevice).not.toHaveBeenCalled();
    expect(screen.queryByText('Notifications are on')).not.toBeInTheDocument();
  });

  it('a refused permission counts as Not now', async () => {
    device.subscribeThisDevice.mockResolvedValue(null);
    render(<PushOptInOffer text={text} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expect(offer()).not.toBeInTheDocument());
    expect(remote.registerPushDevice).not.toHaveBeenCalled();
    expect(localStorage.getItem(localKeys.pushPromptDismissedAt)).not.toBeNull();
  });
});
