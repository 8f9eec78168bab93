import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FieldPlaceholder } from '../../../src/ui/field/field-placeholder.tsx';

describe('FieldPlaceholder', () => {
  it('shows the label and hint, says it is loading, and offers nothing to focus or fill in', async () => {
    const user = userEvent.setup();
    const { container } = render(<FieldPlaceholder label="Check-in" description="Choose a room to see its booked days." />);
    expect(screen.getByText('Check-in')).toBeInTheDocument();
    expect(screen.getByText('Choose a room to see its booked days.')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.tab();
    expect(document.body).toHaveFocus();
  });
});
