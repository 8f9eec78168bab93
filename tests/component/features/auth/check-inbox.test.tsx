// Sign-up with e-mail confirmation on (docs/decisions/email-confirmation.md): Create Account without a session
// shows "Check your inbox" naming the address, with its title focused; the link lands on /auth?confirm=signup
// with the sign-up's redirect; Resend shows the auth server's wait in words.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

const remote = vi.hoisted(() => ({ signUpWithPassword: vi.fn(), resendSignUpConfirmation: vi.fn() }));
vi.mock('../../../../src/remote/account.ts', async (original) => ({ ...(await original<object>()), ...remote }));

const { SignUpForm } = await import('../../../../src/features/auth/components/sign-up-form.tsx');

async function signUp(email: string) {
  const user = userEvent.setup();
  render(
    <Router hook={memoryLocation({ path: '/auth?mode=signup&redirect=%2Fproperty%2Fvilla-1' }).hook}>
      <SignUpForm />
    </Router>,
  );
  await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Ines Inbox');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-123');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return user;
}

describe('Check your inbox', () => {
  beforeEach(() => {
    remote.signUpWithPassword.mockReset().mockResolvedValue({ user: { id: 'u1', email: 'ines@example.com', user_metadata: {} }, isSignedIn: false });
    remote.resendSignUpConfirmation.mockReset();
  });

  it('names the address, takes focus and sends the link to /auth with the sign-up redirect', async () => {
    await signUp('ines@example.com');
    const title = await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(title).toHaveFocus();
    expect(screen.getByText('ines@example.com')).toBeInTheDocument();
    expect(remote.signUpWithPassword).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ines@example.com', siteUrl: `${window.location.origin}/auth?confirm=signup&redirect=%2Fproperty%2Fvilla-1` }),
    );
  });

  it("shows Resend's outcome: sent, or how long to wait", async () => {
    const user = await signUp('ines@example.com');
    const resend = await screen.findByRole('button', { name: 'Resend email' });
    remote.resendSignUpConfirmation.mockRejectedValueOnce({ code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 37 seconds.' });
    await user.click(resend);
    expect(await screen.findByText('Please wait 37 seconds before asking for another email.')).toBeInTheDocument();
    remote.resendSignUpConfirmation.mockResolvedValueOnce(undefined);
    await user.click(resend);
    expect(await screen.findByText("We've sent a new link to ines@example.com.")).toBeInTheDocument();
  });

  it('goes back to the filled form with Use a different email', async () => {
    const user = await signUp('typo@example.con');
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('typo@example.con');
  });
});
