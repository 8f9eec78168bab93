import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../../../src/domain/constants.ts';
import { canSendMessage, chatMessageSchema } from '../../../../src/domain/schemas/chat-message.ts';
import { photoFileSchema } from '../../../../src/domain/schemas/photo-file.ts';
import { bookingReviewSchema, canSubmitReview, propertyReviewSchema } from '../../../../src/domain/schemas/review.ts';
import { landingSearchSchema, propertyFiltersSchema } from '../../../../src/domain/schemas/search-filters.ts';
import { validateForm } from '../../../../src/domain/schemas/validate-form.ts';

const RATING_TOAST = { title: 'Rating required', description: 'Please select a rating before submitting' };

describe('reviews', () => {
  it.each([[1], [3], [5]])('rating %s passes', (rating) => {
    expect(validateForm(propertyReviewSchema, { rating, text: '' })).toEqual({ ok: true, value: { rating, text: null } });
  });

  it.each([[0], [6], [2.5], [Number.NaN], [undefined], [null], ['5']])('rating %j → Rating required', (rating) => {
    const result = validateForm(propertyReviewSchema, { rating, text: 'Great' });
    expect(result.ok ? null : result.toast).toEqual(RATING_TOAST);
  });

  it.each<[string | null | undefined, string | null]>([
    ['  Lovely stay  ', 'Lovely stay'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('text %j → %j', (text, stored) => {
    const result = validateForm(propertyReviewSchema, { rating: 4, text });
    expect(result.ok && result.value.text).toBe(stored);
  });

  it.each<[string, typeof propertyReviewSchema, number]>([
    ['property review', propertyReviewSchema, 1000],
    ['booking review', bookingReviewSchema, 500],
  ])('%s text max %s', (_, schema, max) => {
    expect(validateForm(schema, { rating: 5, text: 'a'.repeat(max) }).ok).toBe(true);
    expect(validateForm(schema, { rating: 5, text: `  ${'a'.repeat(max)}  ` }).ok).toBe(true);
    const tooLong = validateForm(schema, { rating: 5, text: 'a'.repeat(max + 1) });
    expect(tooLong.ok ? null : tooLong.fieldErrors).toEqual({ text: `Review must be ${max} characters or fewer` });
  });

  it.each([[0, false], [null, false], [1, true], [5, true], [6, false]])('Submit enabled for rating %j → %s', (rating, enabled) => {
    expect(canSubmitReview(rating)).toBe(enabled);
  });
});

describe('chat message', () => {
  it.each<[string, boolean, boolean]>([
    ['hello', false, true],
    ['  hello  ', false, true],
    ['   ', false, false],
    ['', false, false],
    ['hello', true, false],
  ])('%j while sending=%s → can send %s', (text, sending, allowed) => {
    expect(canSendMessage(text, sending)).toBe(allowed);
  });

  it('sends the trimmed text and names the empty case', () => {
    expect(validateForm(chatMessageSchema, ' hi ')).toEqual({ ok: true, value: 'hi' });
    expect(validateForm(chatMessageSchema, ' ')).toEqual({ ok: false, fieldErrors: { '': 'Message cannot be empty' }, toast: { title: 'Message cannot be empty' } });
  });
});

describe('photo file', () => {
  const file = (size: number, type: string) => new File([new Uint8Array(size)], 'photo', { type });

  it.each<[string, Blob, object | null]>([
    ['a small jpeg', file(1024, 'image/jpeg'), null],
    ['exactly 5 MB', file(MAX_PHOTO_BYTES, 'image/webp'), null],
    ['one byte over 5 MB', file(MAX_PHOTO_BYTES + 1, 'image/png'), { title: 'File too large', description: 'Please upload an image smaller than 5MB' }],
    ['a PDF', file(10, 'application/pdf'), { title: 'Invalid file type', description: 'Please upload an image file' }],
    ['no type', file(10, ''), { title: 'Invalid file type', description: 'Please upload an image file' }],
  ])('%s', (_, blob, toast) => {
    const result = validateForm(photoFileSchema, blob);
    expect(result.ok ? null : result.toast).toEqual(toast);
  });

  it('refuses what is not a file', () => {
    expect(validateForm(photoFileSchema, 'photo.jpg').ok).toBe(false);
  });
});

describe('filters', () => {
  it.each<[object, boolean]>([
    [{ location: ' Bali ', maxPrice: 3000, minWifi: 0 }, true],
    [{ maxPrice: 0, minWifi: 0 }, true],
    [{ maxPrice: 3050, minWifi: 0 }, false],
    [{ maxPrice: -50, minWifi: 0 }, false],
    [{ maxPrice: 1000, minWifi: -1 }, false],
  ])('property filters %j → %s', (input, valid) => {
    expect(validateForm(propertyFiltersSchema, input).ok).toBe(valid);
  });

  it.each<[object, Record<string, string> | null]>([
    [{ guests: 1 }, null],
    [{ guests: 4, duration: 2.5, location: 'Lisbon', checkIn: '2025-07-01' }, null],
    [{ guests: 0 }, { guests: 'At least 1 guest' }],
    [{ guests: 1.5 }, { guests: 'At least 1 guest' }],
    [{ guests: 2, duration: 6.5 }, { duration: expect.any(String) as unknown as string }],
  ])('landing search %j', (input, fieldErrors) => {
    const result = validateForm(landingSearchSchema, input);
    expect(result.ok ? null : result.fieldErrors).toEqual(fieldErrors);
  });
});
