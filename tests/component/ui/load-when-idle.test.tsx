import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadWhenIdle } from '../../../src/ui/load-when-idle/load-when-idle.tsx';

const Prompt = () => <p>New version available</p>;

describe('LoadWhenIdle', () => {
  it('renders what it loaded once the code arrives', async () => {
    render(<LoadWhenIdle load={() => Promise.resolve(Prompt)} />);
    expect(await screen.findByText('New version available')).toBeInTheDocument();
  });

  it('keeps the app running when the code cannot be fetched, and tries again when the browser is back online', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const load = vi.fn<() => Promise<typeof Prompt>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Prompt);
    render(
      <main>
        <h1>Your Profile</h1>
        <LoadWhenIdle load={load} />
      </main>,
    );
    // the failed fetch has been handled: it waits for the signal
    await vi.waitFor(() => expect(listen).toHaveBeenCalledWith('online', expect.any(Function), { once: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.queryByText('New version available')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('New version available')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
