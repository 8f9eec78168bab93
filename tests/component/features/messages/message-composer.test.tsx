// The message composer with a slow store (docs/product.md §5): the box clears at Enter and takes the next
// message at once; every Enter queues its message, stored one after another in the order typed; a message
// that could not be stored comes back only into an empty box.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MessageComposer } from '../../../../src/features/messages/components/message-composer.tsx';

/** A store that answers only when the test says so, one call at a time. */
function slowStore() {
  const calls: { text: string; answer(stored: boolean): void }[] = [];
  const onSend = (text: string) => new Promise<boolean>((answer) => calls.push({ text, answer }));
  return { calls, onSend };
}

const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('MessageComposer', () => {
  it('clears the box at Enter and keeps what is typed while the previous message is being stored', async () => {
    const user = userEvent.setup();
    const store = slowStore();
    render(<MessageComposer onSend={store.onSend} />);

    await user.type(box(), 'First{Enter}');
    expect(box()).toHaveValue('');
    expect(store.calls.map((call) => call.text)).toEqual(['First']);
    await user.type(box(), 'Sec');
    store.calls[0]!.answer(true);
    await user.type(box(), 'ond');
    // The store's answer clears nothing: what was sent had already left the box.
    expect(box()).toHaveValue('Second');
  });

  it('never drops an Enter: messages typed during a slow store are all stored, in order, one at a time', async () => {
    const user = userEvent.setup();
    const store = slowStore();
    render(<MessageComposer onSend={store.onSend} />);

    await user.type(box(), 'One{Enter}Two{Enter}Three{Enter}Fo');
    expect(box()).toHaveValue('Fo');
    // The second waits for the first to be stored, so the store sees them in the order typed.
    expect(store.calls.map((call) => call.text)).toEqual(['One']);
    store.calls[0]!.answer(true);
    await screen.findByRole('textbox', { name: 'Message' });
    await expect.poll(() => store.calls.length).toBe(2);
    store.calls[1]!.answer(true);
    await expect.poll(() => store.calls.length).toBe(3);
    store.calls[2]!.answer(true);
    await user.type(box(), 'ur{Enter}');
    await expect.poll(() => store.calls.length).toBe(4);
    store.calls[3]!.answer(true);
    expect(store.calls.map((call) => call.text)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(box()).toHaveValue('');
  });

  it('the Send button queues as Enter does, and is enabled for the next message while one is stored', async () => {
    const user = userEvent.setup();
    const store = slowStore();
    render(<MessageComposer onSend={store.onSend} />);

    await user.type(box(), 'By button');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    await user.type(box(), 'Next');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    store.calls[0]!.answer(true);
    await expect.poll(() => store.calls.map((call) => call.text)).toEqual(['By button', 'Next']);
  });

  it('puts a message that could not be stored back into an empty box, and never over new text', async () => {
    const user = userEvent.setup();
    const store = slowStore();
    render(<MessageComposer onSend={store.onSend} />);

    await user.type(box(), 'Lost?{Enter}');
    store.calls[0]!.answer(false);
    await expect.poll(() => (box() as HTMLTextAreaElement).value).toBe('Lost?');

    await user.clear(box());
    await user.type(box(), 'Again{Enter}New text');
    store.calls[1]!.answer(false);
    // The next Enter is handled only after the failed one: the box still held the new text, as typed (a
    // failed store already says so in a toast, queueMessage).
    await user.type(box(), '{Enter}');
    await expect.poll(() => store.calls.length).toBe(3);
    expect(store.calls[2]!.text).toBe('New text');
    expect(box()).toHaveValue('');
  });

  it('Shift+Enter starts a new line and an empty box sends nothing', async () => {
    const user = userEvent.setup();
    const store = slowStore();
    render(<MessageComposer onSend={store.onSend} />);

    await user.type(box(), '{Enter}   {Enter}');
    expect(store.calls).toEqual([]);
    await user.clear(box());
    await user.type(box(), 'Line one{Shift>}{Enter}{/Shift}Line two{Enter}');
    expect(store.calls.map((call) => call.text)).toEqual(['Line one\nLine two']);
  });
});
