import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/ui/button/button.tsx';
import { IconButton } from '../../../src/ui/icon-button/icon-button.tsx';
import { NativeButton } from '../../../src/ui/button/native-button.tsx';

describe('Button', () => {
  it('presses on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(button).toHaveFocus();
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('does nothing while disabled, and Tab skips it', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <>
        <Button onPress={onPress} isDisabled>Delete</Button>
        <Button>Next</Button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(onPress).not.toHaveBeenCalled();
  });

  it('while pending keeps its name and focus, says it is busy and ignores presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const { rerender } = render(<Button onPress={onPress}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    await user.tab();
    rerender(<Button onPress={onPress} isPending>Pay</Button>);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveTextContent('Pay');
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('submits its form as a submit button, but not while pending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const { rerender } = render(<form onSubmit={onSubmit}><Button type="submit">Send</Button></form>);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<form onSubmit={onSubmit}><Button type="submit" isPending>Send</Button></form>);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('IconButton and NativeButton', () => {
  it('are named buttons that press with the keyboard', async () => {
    const user = userEvent.setup();
    const onIcon = vi.fn();
    const onNative = vi.fn();
    render(
      <>
        <IconButton aria-label="Close" icon={<svg />} onPress={onIcon} />
        <NativeButton onClick={onNative}>Menu</NativeButton>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onIcon).toHaveBeenCalledTimes(1);
    expect(onNative).toHaveBeenCalledTimes(1);
  });

  it('NativeButton while pending keeps its name and focus, says it is unavailable and ignores clicks and submits', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const { rerender } = render(<form onSubmit={onSubmit}><NativeButton type="submit" onClick={onClick}>Accept</NativeButton></form>);
    const button = screen.getByRole('button', { name: 'Accept' });
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<form onSubmit={onSubmit}><NativeButton type="submit" onClick={onClick} isPending>Accept</NativeButton></form>);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleName('Accept');
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
