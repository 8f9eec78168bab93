// The profile's Notifications section (docs/decisions/push-in-the-browser.md): turn on for this browser,
// one switch per kind saved to the server (reverted with a toast when the save fails), and the devices
// that get notifications, with this one marked and removable (which also ends its subscription).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsSection } from '../../../../src/features/profile/components/notifications-section.tsx';
import { toast, toastQueue } from '../../../../src/ui/toast/toast-queue.ts';

const remote = vi.hoisted(() => ({
  allNotificationsOn: { messages: true, bookingUpdates: true, houseChat: true },
  loadNotificationPreferences: vi.fn(),
  saveNotificationPreferences: vi.fn(),
  listPushDevices: vi.fn(),
  removePushDevice: vi.fn(),
  removePushDeviceByEndpoint: vi.fn(),
  registerPushDevice: vi.fn(),
}));
vi.mock('../../../../src/remote/push-notifications.ts', () => remote);

const device = vi.hoisted(() => ({
  pushAvailability: vi.fn(() => 'available'),
  currentDeviceSubscription: vi.fn(),
  subscribeThisDevice: vi.fn(),
  unsubscribeThisDevice: vi.fn(),
}));
// The failure wording (subscribeFailure) is the real one.
vi.mock('../../../../src/pwa/push-device.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), ...device }));

const thisBrowser = { endpoint: 'https://push.example/send/this', p256dh: 'p', auth: 'a' };
const devices = [
  { id: 'd1', endpoint: thisBrowser.endpoint, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36', createdAt: '2026-11-20T10:00:00Z', lastSuccessAt: null },
  { id: 'd2', endpoint: 'https://push.example/send/phone', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1', createdAt: '2026-11-01T10:00:00Z', lastSuccessAt: null },
];

beforeEach(() => {
  vi.clearAllMocks();
  device.pushAvailability.mockReturnValue('available');
  device.currentDeviceSubscription.mockResolvedValue(thisBrowser);
  remote.loadNotificationPreferences.mockResolvedValue({ messages: true, bookingUpdates: false, houseChat: true });
  remote.listPushDevices.mockResolvedValue(devices);
  remote.saveNotificationPreferences.mockResolvedValue(undefined);
  remote.removePushDevice.mockResolvedValue(undefined);
});
afterEach(() => {
  act(() => toast.clear());
});

const kind = (name: string) => screen.getByRole('switch', { name });

describe('NotificationsSection', () => {
  it('shows the saved kinds, and this browser among the devices', async () => {
    render(<NotificationsSection userId="user-1" />);
    await screen.findByRole('list', { name: 'Devices that get notifications' });
    expect(kind('Messages')).toBeChecked();
    expect(kind('Booking updates')).not.toBeChecked();
    expect(kind('House chat')).toBeChecked();
    expect(screen.getByText('on', { selector: 'strong' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Devices that get notifications' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Chrome on Linux This device/), expect.stringMatching(/^Safari on iPhone/)]);
  });

  it('saves a switched kind for the user', async () => {
    render(<NotificationsSection userId="user-1" />);
    await screen.findByRole('list', { name: 'Devices that get notifications' });
    await userEvent.click(kind('House chat'));
    expect(remote.saveNotificationPreferences).toHaveBeenCalledWith('user-1', { messages: true, bookingUpdates: false, houseChat: false });
    expect(kind('House chat')).not.toBeChecked();
  });

  it('puts a switch back, with a toast, when the server refuses the change', async () => {
    remote.saveNotificationPreferences.mockRejectedValueOnce(new Error('Network request failed'));
    render(<NotificationsSection userId="user-1" />);
    await screen.findByRole('list', { name: 'Devices that get notifications' });
    await userEvent.click(kind('Messages'));
    await vi.waitFor(() => expect(kind('Messages')).toBeChecked());
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toContain("Couldn't save your notification settings");
  });

  it('removing this browser also ends its subscription; another device only leaves the list', async () => {
    render(<NotificationsSection userId="user-1" />);
    const list = await screen.findByRole('list', { name: 'Devices that get notifications' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    await userEvent.click(within(phone!).getByRole('button', { name: 'Remove' }));
    expect(remote.removePushDevice).toHaveBeenCalledWith('d2');
    expect(device.unsubscribeThisDevice).not.toHaveBeenCalled();
    await userEvent.click(within(mine!).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(device.unsubscribeThisDevice).toHaveBeenCalledTimes(1));
    expect(remote.removePushDevice).toHaveBeenLastCalledWith('d1');
  });

  it('offers turning on a browser that is not subscribed, and registers it', async () => {
    device.currentDeviceSubscription.mockResolvedValue(null);
    device.subscribeThisDevice.mockResolvedValue(thisBrowser);
    remote.listPushDevices.mockResolvedValue([devices[1]]);
    render(<NotificationsSection userId="user-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    await vi.waitFor(() => expect(remote.registerPushDevice).toHaveBeenCalledWith(thisBrowser, navigator.userAgent));
  });

  it('says what happened beside the button when the browser will not subscribe, and this device stays off', async () => {
    device.currentDeviceSubscription.mockResolvedValue(null);
    device.subscribeThisDevice.mockRejectedValue(new DOMException('Registration failed - push service error', 'AbortError'));
    remote.listPushDevices.mockResolvedValue([devices[1]]);
    render(<NotificationsSection userId="user-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/This browser couldn't turn on notifications\. Its push service didn't answer\. Check that notifications are allowed/);
    expect(screen.getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled();
    expect(screen.queryByText('on', { selector: 'strong' })).not.toBeInTheDocument();
    expect(remote.registerPushDevice).not.toHaveBeenCalled();
  });

  it('says why when notifications are blocked', async () => {
    device.pushAvailability.mockReturnValue('denied');
    render(<NotificationsSection userId="user-1" />);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument();
  });
});
