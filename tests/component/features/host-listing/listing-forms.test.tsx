// The host's listing forms (docs/product.md §2, §5) rendered in jsdom: the add-room page, the property form
// and the dashboard's Add Room / Edit Room dialog. Validation messages and toasts, what is sent to the
// server, and the offline state; the server calls are mocked at the features' data modules.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialSyncStatus } from '../../../../src/sync/status.ts';
import { EMPTY_PROPERTY_DRAFT, PropertyForm } from '../../../../src/features/host-listing/components/property-form.tsx';
import { RoomForm } from '../../../../src/features/host-listing/components/room-form.tsx';
import { RoomDialog } from '../../../../src/features/property/owner/room-dialog.tsx';
import { toast } from '../../../../src/ui/toast/toast-queue.ts';
import { ToastRegion } from '../../../../src/ui/toast/toast-region.tsx';
import { roomRow } from '../../../unit/db/fixtures.ts';

const sync = vi.hoisted(() => ({ isOnline: true }));
vi.mock('../../../../src/hooks/use-sync-status.ts', () => ({ useSyncStatus: () => ({ ...initialSyncStatus, isOnline: sync.isOnline }) }));

const saveRoom = vi.hoisted(() => ({ createRoom: vi.fn(async () => undefined) }));
vi.mock('../../../../src/features/host-listing/data/save-room.ts', () => saveRoom);

const saveProperty = vi.hoisted(() => ({ createProperty: vi.fn(async () => 'new-villa'), updateProperty: vi.fn(async () => undefined) }));
vi.mock('../../../../src/features/host-listing/data/save-property.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...saveProperty,
}));

const ownerRooms = vi.hoisted(() => ({ addRoom: vi.fn(async () => undefined), editRoom: vi.fn(async () => undefined) }));
vi.mock('../../../../src/features/property/owner/data/rooms.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...ownerRooms,
}));

beforeEach(() => {
  sync.isOnline = true;
  vi.clearAllMocks();
});
afterEach(() => {
  act(() => toast.clear());
});

function renderAt(path: string, ui: ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      {ui}
      <ToastRegion />
    </Router>,
  );
  return location;
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function typeInto(user: UserEvent, name: string | RegExp, text: string) {
  const input = field(name);
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

/** The toast the form raised, found by its title. */
const shownToast = (title: string | RegExp) => screen.findByRole('alertdialog', { name: title });

describe('add-room page (RoomForm)', () => {
  it('shows each field rule inline and as a toast, and a field edit clears its message', async () => {
    const user = userEvent.setup();
    renderAt('/property/villa-1/rooms/new', <RoomForm propertyId="villa-1" propertyName="Casa Azul" />);
    expect(field(/Capacity/)).toHaveValue('1');
    expect(field(/Minimum stay/)).toHaveValue('2');
    expect(field(/Maximum stay/)).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Add room to Casa Azul' }));
    expect(field(/Room name/)).toHaveAccessibleDescription(expect.stringContaining('Room name required'));
    expect(field(/Price per week/)).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid price per week'));
    expect(await shownToast('Room name required')).toBeInTheDocument();
    await typeInto(user, /Room name/, 'Garden Suite');
    expect(field(/Room name/)).not.toHaveAccessibleDescription(expect.stringContaining('Room name required'));
    expect(saveRoom.createRoom).not.toHaveBeenCalled();
  });

  it('sends the checked values and goes to the listing', async () => {
    const user = userEvent.setup();
    const location = renderAt('/property/villa-1/rooms/new', <RoomForm propertyId="villa-1" propertyName="Casa Azul" />);
    await typeInto(user, /Room name/, ' Garden Suite ');
    await typeInto(user, /Price per week/, '350');
    await typeInto(user, /Minimum stay/, '4');
    await user.click(screen.getByRole('button', { name: 'Add room to Casa Azul' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/property/villa-1'));
    expect(saveRoom.createRoom).toHaveBeenCalledWith('villa-1', {
      name: 'Garden Suite', description: null, price_per_week: 350, price_per_month: null, capacity: 1,
      min_stay_weeks: 4, max_stay_weeks: 12, wifi_speed_mbps: null, is_available: true, photos: [],
    }, [], expect.any(Function));
    expect(await shownToast(/Room added/)).toBeInTheDocument();
  });

  it('takes down the earlier "Price required" toast once the fixed form is sent, so only "Room added" shows', async () => {
    const user = userEvent.setup();
    renderAt('/property/villa-1/rooms/new', <RoomForm propertyId="villa-1" propertyName="Casa Azul" />);
    await typeInto(user, /Room name/, 'Garden Suite');
    await user.click(screen.getByRole('button', { name: 'Add room to Casa Azul' }));
    const priceToast = await shownToast('Price required');
    await typeInto(user, /Price per week/, '350');
    await user.click(screen.getByRole('button', { name: 'Add room to Casa Azul' }));
    expect(await shownToast(/Room added/)).toBeInTheDocument();
    expect(priceToast).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Price required' })).not.toBeInTheDocument();
  });

  it('offline: says why and does not send', async () => {
    sync.isOnline = false;
    renderAt('/property/villa-1/rooms/new', <RoomForm propertyId="villa-1" propertyName="Casa Azul" />);
    expect(screen.getByText("You're offline. Adding a room needs a connection.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add room to Casa Azul' })).toBeDisabled();
  });
});

describe('property form (PropertyForm)', () => {
  it('keeps Save disabled until name, city and country are filled, and says a blank one on leaving it', async () => {
    const user = userEvent.setup();
    renderAt('/host/new', <PropertyForm propertyId={null} initial={EMPTY_PROPERTY_DRAFT} />);
    expect(screen.getByText('Add a name, city and country to save.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and Continue' })).toBeDisabled();
    await user.click(field(/Property name/));
    await user.tab();
    expect(field(/Property name/)).toHaveAccessibleDescription(expect.stringContaining('Property name required'));
    await typeInto(user, /Property name/, 'Casa Azul');
    expect(field(/Property name/)).not.toHaveAccessibleDescription(expect.stringContaining('Property name required'));
  });

  it('creates the listing with its values and goes to it', async () => {
    const user = userEvent.setup();
    const location = renderAt('/host/new', <PropertyForm propertyId={null} initial={EMPTY_PROPERTY_DRAFT} />);
    await typeInto(user, /Property name/, 'Casa Azul');
    await typeInto(user, /City/, 'Lisbon');
    await typeInto(user, /Country/, 'Portugal');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/property/new-villa'));
    expect(saveProperty.createProperty).toHaveBeenCalledWith(expect.objectContaining({
      values: expect.objectContaining({ name: 'Casa Azul', city: 'Lisbon', country: 'Portugal' }),
      keptPhotos: [],
      removedPhotos: [],
      newFiles: [],
    }));
    expect(saveProperty.updateProperty).not.toHaveBeenCalled();
  });

  it('a new listing starts with no amenity ticked, and saves none unless the host ticks one', async () => {
    const user = userEvent.setup();
    renderAt('/host/new', <PropertyForm propertyId={null} initial={EMPTY_PROPERTY_DRAFT} />);
    const amenities = within(screen.getByRole('group', { name: 'Popular with remote workers' })).getAllByRole('checkbox');
    expect(amenities.length).toBeGreaterThan(0);
    for (const box of amenities) expect(box).not.toBeChecked();
    await typeInto(user, /Property name/, 'Casa Azul');
    await typeInto(user, /City/, 'Lisbon');
    await typeInto(user, /Country/, 'Portugal');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(saveProperty.createProperty).toHaveBeenCalledWith(expect.objectContaining({ values: expect.objectContaining({ amenities: [] }) })));
  });

  it("a refusal from the server shows a product sentence, never the database's words", async () => {
    const user = userEvent.setup();
    saveProperty.createProperty.mockRejectedValueOnce({ code: '42501', message: 'new row violates row-level security policy for table "properties"', details: null, hint: null });
    renderAt('/host/new', <PropertyForm propertyId={null} initial={{ ...EMPTY_PROPERTY_DRAFT, name: 'a', city: 'b', country: 'c' }} />);
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    const shown = await shownToast('Error saving property');
    expect(shown).toHaveTextContent("You don't have permission to do that.");
    expect(shown).not.toHaveTextContent(/row-level security|violates/);
  });

  it('offline: says why and does not save', async () => {
    sync.isOnline = false;
    renderAt('/host/new', <PropertyForm propertyId={null} initial={{ ...EMPTY_PROPERTY_DRAFT, name: 'a', city: 'b', country: 'c' }} />);
    expect(screen.getByText("You're offline. Saving needs a connection.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and Continue' })).toBeDisabled();
  });
});

describe('dashboard room dialog (RoomDialog)', () => {
  it('Add Room: name, monthly price and capacity required, and a weekly price derived from the monthly one', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderAt('/property/villa-1', <RoomDialog propertyId="villa-1" room={null} isOpen onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Room' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Room' }));
    expect(await shownToast('Missing fields')).toHaveAccessibleDescription(expect.stringContaining('Please fill in all required fields'));
    expect(field(/Price per month/)).toHaveAccessibleDescription(expect.stringContaining('Please fill in all required fields'));
    await typeInto(user, /Room name/, 'Loft');
    await typeInto(user, /Price per month/, '1300');
    await typeInto(user, /Capacity/, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Room' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(ownerRooms.addRoom).toHaveBeenCalledWith('villa-1', {
      name: 'Loft', description: null, price_per_month: 1300, price_per_week: 300.23, capacity: 2,
      min_stay_weeks: 2, max_stay_weeks: 12, wifi_speed_mbps: null,
    });
  });

  it('Edit Room: the room form rules, and only the room fields sent', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const room = roomRow({ id: 'ocean', property_id: 'villa-1', name: 'Ocean room', description: 'Sea view', price_per_week: 240, price_per_month: null, capacity: 2, min_stay_weeks: 1, max_stay_weeks: 24, wifi_speed_mbps: 80 });
    renderAt('/property/villa-1', <RoomDialog propertyId="villa-1" room={room} isOpen onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Room' });
    expect(field(/Room name/)).toHaveValue('Ocean room');
    await typeInto(user, /Minimum stay/, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(field(/Maximum stay/)).toHaveAccessibleDescription(expect.stringContaining('Minimum stay cannot be longer than maximum stay'));
    await typeInto(user, /Minimum stay/, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(ownerRooms.editRoom).toHaveBeenCalledWith('ocean', {
      name: 'Ocean room', description: 'Sea view', price_per_week: 240, price_per_month: null, capacity: 2,
      min_stay_weeks: 3, max_stay_weeks: 24, wifi_speed_mbps: 80,
    });
    expect(await shownToast(/Room updated/)).toBeInTheDocument();
  });
});
