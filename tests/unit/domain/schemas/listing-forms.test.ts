import { describe, expect, it } from 'vitest';
import { bookingTotal } from '../../../../src/domain/pricing.ts';
import { isPropertyFormComplete, propertyFormSchema } from '../../../../src/domain/schemas/property-form.ts';
import { addRoomDialogSchema, roomFormSchema } from '../../../../src/domain/schemas/room.ts';
import { validateForm } from '../../../../src/domain/schemas/validate-form.ts';

describe('property form', () => {
  const valid = { name: ' Villa Sawah ', city: ' Canggu ', country: ' Indonesia ', google_maps_url: '', description: ' Rice fields ', photos: [] };

  it('trims name, city and country', () => {
    expect(validateForm(propertyFormSchema, valid)).toEqual({
      ok: true,
      value: { name: 'Villa Sawah', city: 'Canggu', country: 'Indonesia', google_maps_url: null, description: 'Rice fields', photos: [] },
    });
  });

  it.each<[string, object, Record<string, string>, object]>([
    ['blank name', { name: '  ' }, { name: 'Property name required' }, { title: 'Property name required' }],
    ['blank city', { city: '' }, { city: 'Location required' }, { title: 'Location required' }],
    ['blank country', { country: ' ' }, { country: 'Location required' }, { title: 'Location required' }],
    ['all blank', { name: '', city: '', country: '' }, { name: 'Property name required', city: 'Location required', country: 'Location required' }, { title: 'Property name required' }],
    ['not a web link', { google_maps_url: 'javascript:alert(1)' }, { google_maps_url: 'Please enter a valid map link (http or https)' }, { title: 'Please enter a valid map link (http or https)' }],
  ])('%s', (_, overrides, fieldErrors, toast) => {
    expect(validateForm(propertyFormSchema, { ...valid, ...overrides })).toEqual({ ok: false, fieldErrors, toast });
  });

  it('accepts a maps link', () => {
    const result = validateForm(propertyFormSchema, { ...valid, google_maps_url: ' https://maps.app.goo.gl/abc ' });
    expect(result.ok && result.value.google_maps_url).toBe('https://maps.app.goo.gl/abc');
  });

  it.each([
    [{ name: 'a', city: 'b', country: 'c' }, true],
    [{ name: 'a', city: ' ', country: 'c' }, false],
    [{ name: 'a', city: 'b' }, false],
    [{}, false],
  ])('Save enabled for %j → %s', (draft, enabled) => {
    expect(isPropertyFormComplete(draft)).toBe(enabled);
  });
});

describe('room form page', () => {
  const valid = { name: 'Garden Room', price_per_week: 350, capacity: 1, min_stay_weeks: 2, max_stay_weeks: 12 };

  it('accepts a minimal room, optional fields null', () => {
    expect(validateForm(roomFormSchema, { ...valid, price_per_month: Number.NaN })).toEqual({
      ok: true,
      value: { ...valid, description: null, price_per_month: null, wifi_speed_mbps: null, is_available: true, photos: [] },
    });
  });

  it.each<[string, object, Record<string, string>]>([
    ['weekly price 0', { price_per_week: 0 }, { price_per_week: 'Please enter a valid price per week' }],
    ['weekly price missing (NaN)', { price_per_week: Number.NaN }, { price_per_week: 'Please enter a valid price per week' }],
    ['weekly price negative', { price_per_week: -5 }, { price_per_week: 'Please enter a valid price per week' }],
    ['blank name', { name: ' ' }, { name: 'Room name required' }],
    ['capacity 0', { capacity: 0 }, { capacity: 'Capacity must be at least 1' }],
    ['min stay 0', { min_stay_weeks: 0 }, { min_stay_weeks: 'Minimum stay must be at least 1 week' }],
    ['max stay 0', { max_stay_weeks: 0 }, { max_stay_weeks: 'Maximum stay must be at least 1 week' }],
    ['min above max', { min_stay_weeks: 13 }, { max_stay_weeks: 'Minimum stay cannot be longer than maximum stay' }],
    ['monthly price 0', { price_per_month: 0 }, { price_per_month: 'Please enter a valid price per month' }],
    ['negative Wi-Fi', { wifi_speed_mbps: -1 }, { wifi_speed_mbps: 'Wi-Fi speed cannot be negative' }],
    ['min above max alongside another error', { name: '', min_stay_weeks: 13 }, { name: 'Room name required', max_stay_weeks: 'Minimum stay cannot be longer than maximum stay' }],
  ])('%s', (_, overrides, fieldErrors) => {
    const result = validateForm(roomFormSchema, { ...valid, ...overrides });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors).toEqual(fieldErrors);
  });

  it('toasts Price required / Please enter a valid price per week', () => {
    const result = validateForm(roomFormSchema, { ...valid, price_per_week: 0 });
    expect(result.ok ? null : result.toast).toEqual({ title: 'Price required', description: 'Please enter a valid price per week' });
  });

  it.each([[0.01], [350], [1], [12]])('boundary values pass (%s)', (value) => {
    expect(validateForm(roomFormSchema, { ...valid, price_per_week: value, min_stay_weeks: 1, max_stay_weeks: 1, capacity: 1 }).ok).toBe(true);
  });
});

describe('dashboard add-room dialog', () => {
  const valid = { name: 'Loft', price_per_month: 1300, capacity: 2, min_stay_weeks: 2, max_stay_weeks: 12 };

  it.each<[string, object]>([
    ['no name', { name: '' }],
    ['no monthly price', { price_per_month: Number.NaN }],
    ['monthly price undefined', { price_per_month: undefined }],
    ['no capacity', { capacity: Number.NaN }],
  ])('%s → Missing fields / Please fill in all required fields', (_, overrides) => {
    const result = validateForm(addRoomDialogSchema, { ...valid, ...overrides });
    expect(result.ok ? null : result.toast).toEqual({ title: 'Missing fields', description: 'Please fill in all required fields' });
  });

  it.each<[string, object, Record<string, string>]>([
    ['negative monthly price', { price_per_month: -1 }, { price_per_month: 'Prices cannot be negative' }],
    ['negative weekly price', { price_per_week: -0.01 }, { price_per_week: 'Prices cannot be negative' }],
    ['negative Wi-Fi', { wifi_speed_mbps: -1 }, { wifi_speed_mbps: 'Wi-Fi speed cannot be negative' }],
    ['capacity 0', { capacity: 0 }, { capacity: 'Capacity must be at least 1' }],
    ['min above max', { min_stay_weeks: 20 }, { max_stay_weeks: 'Minimum stay cannot be longer than maximum stay' }],
  ])('%s', (_, overrides, fieldErrors) => {
    const result = validateForm(addRoomDialogSchema, { ...valid, ...overrides });
    expect(result.ok ? null : result.fieldErrors).toEqual(fieldErrors);
  });

  it.each<[object, number]>([
    [{}, 300.23], // 1300 / 4.33, so a stay of n months costs n × 1300
    [{ price_per_week: 300 }, 300],
    [{ price_per_week: 0 }, 300.23],
    [{ price_per_month: 0 }, 0],
  ])('weekly price with %j → %s', (overrides, weekly) => {
    const result = validateForm(addRoomDialogSchema, { ...valid, ...overrides });
    expect(result.ok && result.value.price_per_week).toBe(weekly);
  });

  it.each([[1], [2.5], [6]])('a derived weekly price gives n × the monthly price for %s months', (months) => {
    const result = validateForm(addRoomDialogSchema, valid);
    expect(result.ok && bookingTotal(months, result.value.price_per_week)).toBe(months * 1300);
  });

  it('accepts zero prices and 0.01 steps', () => {
    expect(validateForm(addRoomDialogSchema, { ...valid, price_per_month: 0.01, wifi_speed_mbps: 0 }).ok).toBe(true);
  });
});
