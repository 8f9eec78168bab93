// The Sign Up tab's messages (docs/product.md §5): only the app's, each following what its field holds now.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { FULL_NAME_REQUIRED, PASSWORD_TOO_SHORT } from '../../../../src/domain/messages.ts';
import { SignUpForm } from '../../../../src/features/auth/components/sign-up-form.tsx';

function renderForm() {
  const location = memoryLocation({ path: '/auth?tab=signup' });
  render(
    <Router hook={location.hook}>
      <SignUpForm />
    </Router>,
  );
  return {
    name: screen.getByRole('textbox', { name: 'Full Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    password: screen.getByLabelText(/^Password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Create Account' }),
  };
}

describe('Sign Up form', () => {
  it("leaves required-ness to the app: no browser `required`, so no native bubble or browser message", () => {
    const { name, email, password } = renderForm();
    for (const input of [name, email, password]) {
      expect(input).not.toHaveAttribute('required');
      expect(input).toHaveAttribute('aria-required', 'true');
    }
  });

  it('shows messages that follow what each field holds after Create Account', async () => {
    const user = userEvent.setup();
    const { name, email, password, submit } = renderForm();
    await user.click(submit);
    expect(name).toBeInvalid();
    expect(screen.getByText(FULL_NAME_REQUIRED)).toBeInTheDocument();

    // Typing a name takes its message away at once.
    await user.type(name, 'Pia Surf');
    expect(screen.queryByText(FULL_NAME_REQUIRED)).not.toBeInTheDocument();
    expect(name).not.toBeInvalid();

    await user.type(email, 'pia@example.com');
    await user.type(password, 'abc');
    await user.click(submit);
    // Only the password breaks a rule; the filled fields say nothing, in the app's words or the browser's.
    expect(screen.getByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();
    expect(name).not.toBeInvalid();
    expect(email).not.toBeInvalid();
    expect(screen.queryByText(/fill out this field/i)).not.toBeInTheDocument();

    // Fixing the password takes its message away without another submit.
    await user.type(password, 'def');
    expect(screen.queryByText(PASSWORD_TOO_SHORT)).not.toBeInTheDocument();
    expect(password).not.toBeInvalid();
  });
});
