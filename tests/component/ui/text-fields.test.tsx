import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LOCATION_REQUIRED, PRICE_REQUIRED, PROPERTY_NAME_REQUIRED } from '../../../src/domain/messages.ts';
import { NumberField } from '../../../src/ui/number-field/number-field.tsx';
import { PasswordField } from '../../../src/ui/password-field/password-field.tsx';
import { TextArea } from '../../../src/ui/text-area/text-area.tsx';
import { TextField } from '../../../src/ui/text-field/text-field.tsx';
import { describedAs } from '../described-as.ts';

// A form field that checks itself as the product's forms do: the error shows once the value is empty.
function RequiredName() {
  const [value, setValue] = useState('Casa Azul');
  return (
    <TextField
      label="Property name"
      description="As guests will see it"
      isRequired
      value={value}
      onChange={setValue}
      errorMessage={value.trim() === '' ? PROPERTY_NAME_REQUIRED : undefined}
    />
  );
}

describe('TextField', () => {
  it('is named by its label, described by its hint, and takes typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="City" description="Where the villa is" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input).toHaveAccessibleDescription(describedAs('Where the villa is'));
    expect(input).not.toBeInvalid();
    await user.click(input);
    await user.type(input, 'Canggu');
    expect(onChange).toHaveBeenLastCalledWith('Canggu');
  });

  it("shows the product's message in place of the hint, marked invalid and announced with the field", async () => {
    const user = userEvent.setup();
    render(<RequiredName />);
    const input = screen.getByRole('textbox', { name: /Property name/ });
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription(describedAs('As guests will see it'));
    await user.clear(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(describedAs(PROPERTY_NAME_REQUIRED));
    expect(screen.queryByText('As guests will see it')).not.toBeInTheDocument();
    await user.type(input, 'Casa Verde');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription(describedAs('As guests will see it'));
  });

  it('lets isInvalid={false} keep a message from making the field invalid', () => {
    render(<TextField label="Country" errorMessage={LOCATION_REQUIRED} isInvalid={false} />);
    expect(screen.getByRole('textbox', { name: 'Country' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(LOCATION_REQUIRED)).not.toBeInTheDocument();
  });

  it("marks a required field with aria-required, never the browser's required (the app's messages are the only ones)", () => {
    render(
      <>
        <TextField label="City" isRequired />
        <PasswordField label="Password" isRequired />
        <TextArea label="Bio" isRequired />
        <NumberField label="Guests" isRequired />
      </>,
    );
    const inputs = [screen.getByRole('textbox', { name: 'City' }), screen.getByLabelText(/^Password/, { selector: 'input' }), screen.getByRole('textbox', { name: 'Bio' }), screen.getByRole('textbox', { name: 'Guests' })];
    for (const input of inputs) {
      expect(input).toHaveAttribute('aria-required', 'true');
      expect(input).not.toHaveAttribute('required');
    }
  });

  it('cannot be typed into while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="Email" isDisabled onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeDisabled();
    await user.type(input, 'x');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('PasswordField', () => {
  it('hides the text until "Show password" is pressed, which says its state with aria-pressed', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" description="At least 6 characters" />);
    // A password input has no role: reach it through its label.
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAccessibleDescription(describedAs('At least 6 characters'));
    await user.type(input, 'secret1');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveValue('secret1');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows its error instead of the hint', () => {
    render(<PasswordField label="Password" description="At least 6 characters" errorMessage="Password should be at least 6 characters." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(describedAs('Password should be at least 6 characters.'));
  });
});

describe('TextArea', () => {
  it('counts characters against its limit and stops at it', async () => {
    const user = userEvent.setup();
    render(<TextArea label="Review" maxLength={10} formatCounter={(length, max) => `${length}/${max} characters`} />);
    const area = screen.getByRole('textbox', { name: 'Review' });
    expect(screen.getByText('0/10 characters')).toBeInTheDocument();
    await user.type(area, 'Great stay');
    expect(screen.getByText('10/10 characters')).toBeInTheDocument();
    await user.type(area, '!!');
    expect(area).toHaveValue('Great stay');
  });

  it('counts a controlled value and carries its error', () => {
    render(<TextArea label="Bio" value="Hello" maxLength={300} errorMessage="Bio is too long" />);
    const area = screen.getByRole('textbox', { name: 'Bio' });
    expect(screen.getByText('5/300 characters')).toBeInTheDocument();
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription(describedAs('Bio is too long'));
  });
});

describe('NumberField', () => {
  it('steps with the arrow keys and the −/+ buttons within its bounds', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField label="Guests" defaultValue={1} minValue={1} maxValue={3} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Guests' });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: /Increase/ }));
    expect(input).toHaveValue('3');
    expect(screen.getByRole('button', { name: /Increase/ })).toBeDisabled();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('2');
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('refuses a minus sign when negatives are out of range, clamps typed values on blur, and shows its error', async () => {
    const user = userEvent.setup();
    render(<NumberField label="Price per week" minValue={0} maxValue={5000} errorMessage={PRICE_REQUIRED.description} />);
    const input = screen.getByRole('textbox', { name: 'Price per week' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(describedAs(PRICE_REQUIRED.description!));
    await user.type(input, '-5');
    expect(input).toHaveValue('5');
    await user.type(input, '0000');
    await user.tab();
    expect(input).toHaveValue('5,000');
  });
});
