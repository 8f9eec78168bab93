import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating } from '../../../src/ui/star-rating/star-rating.tsx';
import { StarRatingInput } from '../../../src/ui/star-rating/star-rating-input.tsx';

function RatingInput({ onChange, isDisabled }: { onChange: (rating: number) => void; isDisabled?: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <StarRatingInput
      label="Your rating"
      value={value}
      isDisabled={isDisabled}
      onChange={(rating) => {
        setValue(rating);
        onChange(rating);
      }}
    />
  );
}

describe('StarRating (read-only)', () => {
  it('is one image named by the rating, not a control', () => {
    render(<StarRating rating={4.5} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('StarRatingInput', () => {
  it('is a required radio group of 1 to 5 stars, none chosen at first', () => {
    render(<RatingInput onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
  });

  it('chooses by click and changes with the arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RatingInput onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(onChange.mock.calls).toEqual([[4], [5], [4], [3]]);
  });

  it('cannot be changed while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RatingInput onChange={onChange} isDisabled />);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
