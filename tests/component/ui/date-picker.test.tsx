import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from '../../../src/ui/date-picker/date-picker.tsx';

// Dates next year, so the tests hold whenever they run.
const year = new Date().getFullYear() + 1;
const iso = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function segments(name: string) {
  const group = screen.getByRole('group', { name });
  return {
    month: within(group).getByRole('spinbutton', { name: /month/ }),
    day: within(group).getByRole('spinbutton', { name: /day/ }),
    year: within(group).getByRole('spinbutton', { name: /year/ }),
  };
}

describe('DatePicker', () => {
  it('takes a typed date segment by segment (US order) and reports it as yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Check-in" description="Greyed-out days are already booked" onChange={onChange} />);
    const { month } = segments('Check-in');
    await user.click(month);
    await user.keyboard(`0315${year}`);
    expect(onChange).toHaveBeenLastCalledWith(iso(3, 15));
    expect(screen.getByRole('group', { name: 'Check-in' })).toHaveTextContent(`3/15/${year}`);
  });

  it('opens a calendar dialog from its button and chooses a day with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Check-in" defaultValue={iso(5, 10)} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const calendar = screen.getByRole('dialog', { name: 'Choose a date' });
    expect(within(calendar).getByRole('grid')).toBeInTheDocument();
    // Focus starts on the chosen day; move a week on and choose.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(iso(5, 17));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks a typed date before the minimum or after the maximum invalid and says why once the field is left', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Check-in" minValue={iso(3, 1)} maxValue={iso(9, 30)} />);
    const { month } = segments('Check-in');
    const typeMonthAndLeave = async (keys: string) => {
      await user.click(month);
      await user.keyboard(keys);
      await user.click(document.body);
    };
    await typeMonthAndLeave(`0215${year}`);
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(month).toHaveAccessibleDescription(expect.stringContaining(`Value must be 3/1/${year} or later.`));
    await typeMonthAndLeave('10');
    expect(month).toHaveAccessibleDescription(expect.stringContaining(`Value must be 9/30/${year} or earlier.`));
    await typeMonthAndLeave('06');
    expect(month).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Value must be/)).not.toBeInTheDocument();
  });

  it("shows the caller's error under the field, tied to it", () => {
    render(<DatePicker label="Check-in" errorMessage="Select a check-in date" />);
    const { month } = segments('Check-in');
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(month).toHaveAccessibleDescription(/Select a check-in date/);
  });

  it('disables the days the caller says are unavailable', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Check-in" defaultValue={iso(5, 10)} isDateUnavailable={(day) => day >= iso(5, 12) && day < iso(5, 15)} />);
    await user.click(screen.getByRole('button', { name: /Calendar/ }));
    const grid = within(screen.getByRole('dialog')).getByRole('grid');
    const dayButton = (day: number) => within(grid).getAllByRole('button').find((button) => button.textContent === String(day) && !button.closest('[aria-disabled="true"][data-outside-month]'));
    expect(dayButton(13)).toHaveAttribute('aria-disabled', 'true');
    expect(dayButton(15)).not.toHaveAttribute('aria-disabled');
  });
});
