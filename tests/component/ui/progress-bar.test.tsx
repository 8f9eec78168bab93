import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../../../src/ui/progress-bar/progress-bar.tsx';

describe('ProgressBar', () => {
  it('is a progressbar named by its label, announcing its value text and range', () => {
    render(<ProgressBar label="Profile setup" value={2} minValue={0} maxValue={6} valueLabel="Step 2 of 6" />);
    const bar = screen.getByRole('progressbar', { name: 'Profile setup' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '6');
    expect(bar).toHaveAttribute('aria-valuetext', 'Step 2 of 6');
    expect(screen.getByText('Step 2 of 6')).toBeVisible();
  });

  it('says a percentage by default, and keeps its name when the label is hidden', () => {
    render(<ProgressBar label="Upload progress" hideLabel value={40} />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuetext', '40%');
  });
});
