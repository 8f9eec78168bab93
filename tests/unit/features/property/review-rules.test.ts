import { describe, expect, it } from 'vitest';
import { averageRating, validateReviewDraft } from '../../../../src/features/property/reviews/review-rules.ts';

describe('property review form', () => {
  it('requires a rating of 1 to 5 (Rating required)', () => {
    for (const rating of [0, 6, 2.5, Number.NaN]) {
      expect(validateReviewDraft({ rating, text: 'Nice' })).toEqual({
        ok: false,
        toast: { title: 'Rating required', description: 'Please select a rating before submitting' },
      });
    }
  });

  it('trims the text and stores null when nothing is left', () => {
    expect(validateReviewDraft({ rating: 4, text: '  Lovely house  ' })).toEqual({ ok: true, value: { rating: 4, reviewText: 'Lovely house' } });
    expect(validateReviewDraft({ rating: 5, text: '   \n ' })).toEqual({ ok: true, value: { rating: 5, reviewText: null } });
  });

  it('accepts 1000 characters and refuses 1001', () => {
    expect(validateReviewDraft({ rating: 3, text: 'a'.repeat(1000) }).ok).toBe(true);
    expect(validateReviewDraft({ rating: 3, text: 'a'.repeat(1001) }).ok).toBe(false);
  });

  it('averages host ratings to one decimal, null without reviews', () => {
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([])).toBeNull();
  });
});
