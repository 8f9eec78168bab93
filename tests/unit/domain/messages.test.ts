import { describe, expect, it } from 'vitest';
import * as constants from '../../../src/domain/constants.ts';
import * as messages from '../../../src/domain/messages.ts';
import { toastForIssueMessage } from '../../../src/domain/validation-toast.ts';

describe('docs/product.md §9 constants', () => {
  it.each<[string, unknown, unknown]>([
    ['platform fee', constants.PLATFORM_FEE_RATE, 0.1],
    ['weeks per month (display)', constants.WEEKS_PER_MONTH_DISPLAY, 4],
    ['weeks per month (total)', constants.WEEKS_PER_MONTH_TOTAL, 4.33],
    ['days per fraction month', constants.DAYS_PER_MONTH_FRACTION, 30],
    ['max price slider', constants.MAX_PRICE_SLIDER, { min: 0, max: 3000, step: 50, default: 3000 }],
    ['max photo bytes', constants.MAX_PHOTO_BYTES, 5_242_880],
    ['timezones', constants.TIMEZONES.length, 13],
    ['suggested interests', constants.SUGGESTED_INTERESTS.length, 16],
    ['amenity badges', constants.AMENITY_BADGES, ['Work-friendly', 'Sea view', 'Pool', 'AC', '100mbps+ WiFi', 'Quiet area', 'Weekly cleaning']],
    ['new property defaults', constants.NEW_PROPERTY_DEFAULTS, { price_per_week: 0, capacity: 0, current_occupancy: 0, min_stay_weeks: 2, max_stay_weeks: 12 }],
    ['room form defaults', constants.ROOM_FORM_DEFAULTS, { capacity: 1, min_stay_weeks: 2, max_stay_weeks: 12 }],
    ['image transform', constants.IMAGE_TRANSFORM, { width: 1200, quality: 70, format: 'webp' }],
    ['placeholder transform', constants.IMAGE_PLACEHOLDER_TRANSFORM, { width: 40, quality: 10, format: 'webp' }],
    ['brand', constants.BRAND_NAME, 'NomadNest'],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('messages', () => {
  it('substitutes the brand', () => {
    expect(messages.welcomeNewUserToast('Maya')).toEqual({ title: 'Welcome to NomadNest, Maya!', description: 'Your profile has been created.' });
    expect(messages.GUEST_ONBOARDING_COMPLETE.title).toBe('Welcome to NomadNest!');
    const everyText = JSON.stringify(Object.values(messages).filter((value) => typeof value !== 'function'));
    expect(everyText).not.toMatch(/\{brand\}|the product/);
  });

  it.each([[0, 1000, '0/1000 characters'], [300, 300, '300/300 characters']])('counter %s/%s', (length, max, text) => {
    expect(messages.characterCounter(length, max)).toBe(text);
  });

  it.each<[string | null | undefined, string]>([
    ['Stripe said no', 'Stripe said no'],
    ['  ', 'An unexpected error occurred.'],
    [null, 'An unexpected error occurred.'],
  ])('checkout failure %j → %s', (message, description) => {
    expect(messages.checkoutFailedToast(message)).toEqual({ title: 'Checkout failed', description });
  });
});

describe('toastForIssueMessage', () => {
  it.each<[string, messages.Toast]>([
    ['Please enter a valid price per week', { title: 'Price required', description: 'Please enter a valid price per week' }],
    ['Please select a rating before submitting', { title: 'Rating required', description: 'Please select a rating before submitting' }],
    ['Please fill in all required fields', { title: 'Missing fields', description: 'Please fill in all required fields' }],
    ['Please upload an image smaller than 5MB', { title: 'File too large', description: 'Please upload an image smaller than 5MB' }],
    ['Property name required', { title: 'Property name required' }],
    ['Location required', { title: 'Location required' }],
  ])('%s', (message, toast) => {
    expect(toastForIssueMessage(message)).toEqual(toast);
  });
});
