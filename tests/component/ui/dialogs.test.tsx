import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../../../src/ui/alert-dialog/alert-dialog.tsx';
import { Button } from '../../../src/ui/button/button.tsx';
import { Dialog } from '../../../src/ui/dialog/dialog.tsx';
import { TextField } from '../../../src/ui/text-field/text-field.tsx';

// Opened by the app's (native) Button through state, as the app's dialogs are.
function EditRoom() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Edit room</Button>
      <Dialog title="Edit room" isOpen={isOpen} onOpenChange={setOpen} footer={(close) => <Button onPress={close}>Save</Button>}>
        <TextField label="Room name" />
      </Dialog>
    </>
  );
}

/** A promise the test settles, so the pending state can be seen before it ends. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function DeleteListing({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Delete listing</Button>
      <AlertDialog title="Delete this listing?" confirmLabel="Delete" isOpen={isOpen} onOpenChange={setOpen} onConfirm={onConfirm}>
        This cannot be undone.
      </AlertDialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens named by its title, traps Tab inside, closes on Escape and gives focus back to its trigger', async () => {
    const user = userEvent.setup();
    render(<EditRoom />);
    const trigger = screen.getByRole('button', { name: 'Edit room' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Edit room' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // react-aria gives the focus back on the next animation frame.
    await vi.waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes from its × button and from a footer action', async () => {
    const user = userEvent.setup();
    render(<EditRoom />);
    await user.click(screen.getByRole('button', { name: 'Edit room' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit room' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without the × and not dismissable, still closes on Escape (through onOpenChange)', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Dialog title="Saving" isOpen isDismissable={false} hideCloseButton onOpenChange={onOpenChange}>Please wait</Dialog>);
    expect(within(screen.getByRole('dialog', { name: 'Saving' })).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('AlertDialog', () => {
  it('is an alertdialog with Cancel focused first; Escape cancels and focus returns', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    render(<DeleteListing onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete listing' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(opener).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('while confirming shows Delete busy, disables Cancel and Escape, then closes', async () => {
    const user = userEvent.setup();
    const confirmation = deferred();
    render(<DeleteListing onConfirm={() => confirmation.promise} />);
    await user.click(screen.getByRole('button', { name: 'Delete listing' }));
    const dialog = screen.getByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    confirmation.resolve();
    await screen.findByRole('button', { name: 'Delete listing' });
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open for a retry when the confirmation fails', async () => {
    const user = userEvent.setup();
    const confirmation = deferred();
    render(<DeleteListing onConfirm={() => confirmation.promise} />);
    await user.click(screen.getByRole('button', { name: 'Delete listing' }));
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    confirmation.reject(new Error('Failed to delete listing'));
    await vi.waitFor(() => expect(confirm).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
