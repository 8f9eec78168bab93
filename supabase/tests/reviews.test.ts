// Review rules: only parties of a finished stay review, once per booking and direction; property
// reviews only by guests with a completed stay there, once per property.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createProperty, createRoom, createUser } from './support/fixtures.ts';
import type { TestDatabase } from './support/test-database.ts';
import { anon, engines, errorOf, openMigratedDatabase, queryAs, user } from './support/test-database.ts';

describe.each(engines)('reviews (%s)', (engine) => {
  let handle: TestDatabase;
  let host: string;
  let guest: string;
  let stranger: string;
  let property: string;
  let completed: string;
  let acceptedPast: string;
  let acceptedCurrent: string;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    host = await createUser(handle.db, { role: 'host' });
    guest = await createUser(handle.db, { role: 'guest' });
    stranger = await createUser(handle.db, { role: 'guest' });
    property = await createProperty(handle.db, host);
    const book = async (checkIn: number, status: string) =>
      createBooking(handle.db, { guestId: guest, propertyId: property, roomId: await createRoom(handle.db, property), checkIn, nights: 40, status });
    completed = await book(-100, 'completed');
    acceptedPast = await book(-60, 'accepted');
    acceptedCurrent = await book(-10, 'accepted');
  });

  afterAll(async () => {
    await handle?.close();
  });

  const review = (reviewer: string, booking: string, reviewee: string, type: string, rating = 5, text: string | null = 'Great') =>
    queryAs(handle.db, user(reviewer),
      `insert into public.reviews (booking_id, reviewer_id, reviewee_id, rating, text, review_type) values ($1, $2, $3, $4, $5, $6) returning id`,
      [booking, reviewer, reviewee, rating, text, type]);

  it('lets the guest review the host after a completed stay, once', async () => {
    await expect(review(guest, completed, host, 'guest_to_host')).resolves.toHaveLength(1);
    expect((await errorOf(review(guest, completed, host, 'guest_to_host')))?.code).toBe('23505');
  });

  it('refuses guest reviews of stays that are not completed, and reviews by outsiders', async () => {
    expect((await errorOf(review(guest, acceptedPast, host, 'guest_to_host')))?.code).toBe('42501');
    expect((await errorOf(review(stranger, completed, host, 'host_to_guest')))?.code).toBe('42501');
    expect((await errorOf(review(guest, completed, stranger, 'guest_to_host')))?.code).toBe('42501');
  });

  it('lets the host rate the guest after check-out of an accepted or completed stay only', async () => {
    await expect(review(host, acceptedPast, guest, 'host_to_guest', 4)).resolves.toHaveLength(1);
    await expect(review(host, completed, guest, 'host_to_guest', 5, null)).resolves.toHaveLength(1);
    expect((await errorOf(review(host, acceptedCurrent, guest, 'host_to_guest')))?.code).toBe('42501');
  });

  it('checks rating range and text length', async () => {
    const other = await createBooking(handle.db, { guestId: guest, propertyId: property, roomId: await createRoom(handle.db, property), checkIn: -200, nights: 40, status: 'completed' });
    expect((await errorOf(review(guest, other, host, 'guest_to_host', 0)))?.code).toBe('23514');
    expect((await errorOf(review(guest, other, host, 'guest_to_host', 6)))?.code).toBe('23514');
    expect((await errorOf(review(guest, other, host, 'guest_to_host', 5, 'x'.repeat(501))))?.code).toBe('23514');
    await expect(review(guest, other, host, 'guest_to_host', 5, 'x'.repeat(500))).resolves.toHaveLength(1);
  });

  it('shows reviews to everyone, and lets only the author edit rating and text', async () => {
    const visible = await queryAs(handle.db, anon, 'select rating from public.reviews where reviewee_id = $1', [host]);
    expect(visible.length).toBeGreaterThan(0);
    expect(await queryAs(handle.db, user(stranger), 'update public.reviews set rating = 1 where reviewee_id = $1 returning 1', [host])).toEqual([]);
    expect((await errorOf(queryAs(handle.db, user(guest), 'update public.reviews set reviewee_id = $2 where reviewer_id = $1', [guest, stranger])))?.code).toBe('42501');
  });

  describe('property reviews', () => {
    const propertyReview = (author: string, rating = 5, text: string | null = 'Lovely place', isPublic = true) =>
      queryAs(handle.db, user(author),
        `insert into public.property_reviews (property_id, user_id, rating, review_text, is_public) values ($1, $2, $3, $4, $5) returning id`,
        [property, author, rating, text, isPublic]);

    it('accepts one review per guest with a completed stay', async () => {
      expect((await errorOf(propertyReview(guest, 5, 'x'.repeat(1001))))?.code).toBe('23514');
      expect((await errorOf(propertyReview(guest, 5, '   ')))?.code).toBe('23514');
      await expect(propertyReview(guest)).resolves.toHaveLength(1);
      expect((await errorOf(propertyReview(guest)))?.code).toBe('23505');
    });

    it('refuses guests without a completed stay and the host', async () => {
      expect((await errorOf(propertyReview(stranger)))?.code).toBe('42501');
      expect((await errorOf(propertyReview(host)))?.code).toBe('42501');
    });

    it('hides reviews that are not public from everyone but the author and the host', async () => {
      const other = await createUser(handle.db, { role: 'guest' });
      await createBooking(handle.db, { guestId: other, propertyId: property, roomId: await createRoom(handle.db, property), checkIn: -300, nights: 40, status: 'completed' });
      await propertyReview(other, 2, 'Private feedback', false);
      const texts = async (viewer: string | null) =>
        (await queryAs<{ review_text: string }>(handle.db, viewer ? user(viewer) : anon, 'select review_text from public.property_reviews where property_id = $1', [property])).map((r) => r.review_text);
      expect(await texts(null)).toEqual(['Lovely place']);
      expect(await texts(stranger)).toEqual(['Lovely place']);
      expect((await texts(host)).sort()).toEqual(['Lovely place', 'Private feedback']);
      expect((await texts(other)).sort()).toEqual(['Lovely place', 'Private feedback']);
    });
  });
});
