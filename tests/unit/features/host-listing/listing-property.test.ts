import { describe, expect, it } from 'vitest';
import { validateForm } from '../../../../src/domain/schemas/validate-form.ts';
import { addAmenity, customAmenities, listingPropertySchema, newPropertyInsert } from '../../../../src/domain/schemas/listing-property.ts';
import { addRoomDialogSchema, roomFormSchema } from '../../../../src/domain/schemas/room.ts';

describe('listing property form', () => {
  it('trims, requires name and location with the SPEC texts', () => {
    const missing = validateForm(listingPropertySchema, { name: '  ', city: 'Lisbon', country: ' ' });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.fieldErrors).toMatchObject({ name: 'Property name required', country: 'Location required' });
    expect(missing.toast).toEqual({ title: 'Property name required' });
  });

  it('keeps optional fields, normalises amenities, applies the new-property defaults', () => {
    const result = validateForm(listingPropertySchema, {
      name: ' Casa Azul ', city: 'Lisbon', country: 'Portugal', google_maps_url: '', description: '  ', workspace_details: 'Two desks',
      amenities: ['Pool', ' pool ', 'Standing desks', ''], wifi_speed_mbps: Number.NaN,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ name: 'Casa Azul', google_maps_url: null, description: null, amenities: ['Pool', 'Standing desks'], wifi_speed_mbps: null });
    expect(newPropertyInsert(result.value)).toMatchObject({ price_per_week: 0, capacity: 0, current_occupancy: 0, min_stay_weeks: 2, max_stay_weeks: 12, name: 'Casa Azul' });
  });

  it('refuses a map link that is not a web address', () => {
    const result = validateForm(listingPropertySchema, { name: 'A', city: 'B', country: 'C', google_maps_url: 'javascript:alert(1)' });
    expect(result.ok).toBe(false);
  });

  it('adds custom amenities once and tells them apart from the fixed badges', () => {
    expect(addAmenity(['Pool'], '  Rooftop ')).toEqual(['Pool', 'Rooftop']);
    expect(addAmenity(['Pool'], 'POOL')).toEqual(['Pool']);
    expect(addAmenity(['Pool'], '   ')).toEqual(['Pool']);
    expect(customAmenities(['Pool', 'ac', 'Rooftop'])).toEqual(['Rooftop']);
  });
});

describe('room rules used by the add-room page and dialogs', () => {
  it('room form: weekly price above 0 (Price required toast)', () => {
    const result = validateForm(roomFormSchema, { name: 'Garden', price_per_week: 0, capacity: 1, min_stay_weeks: 2, max_stay_weeks: 12 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.toast).toEqual({ title: 'Price required', description: 'Please enter a valid price per week' });
  });

  it('add-room dialog: name, monthly price and capacity required (Missing fields)', () => {
    const result = validateForm(addRoomDialogSchema, { name: 'Loft', price_per_month: Number.NaN, capacity: Number.NaN, min_stay_weeks: 2, max_stay_weeks: 12 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.toast).toEqual({ title: 'Missing fields', description: 'Please fill in all required fields' });
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['capacity', 'price_per_month']);
  });
});
