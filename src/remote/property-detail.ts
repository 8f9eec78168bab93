// Everything the property page shows (docs/product.md §2, §7), fetched for one listing so it can be cached in the
// local mirror: the listing with its rooms, public reviews and their authors, the host's profile and
// the host's guest reviews, and which dates each room has taken. RLS decides what a caller may read
// (a hidden host's profile is simply absent).
import { loadClient } from './load-client.ts';
import { env } from '../config/env.ts';
import { firstRead, PROPERTY_WITH_ROOMS, propertyReadUrl } from './first-read.ts';
import { BLOCKING_STATUSES, BOOKED_DATE_COLUMNS, BOOKED_DATES_VIEW, liveRanges, MAX_BOOKED_RANGES, type BookedDatesRow } from './property-snapshot-shapes.ts';
import { fromSupabase } from './supabase-errors.ts';

export type { BookedDatesRow } from './property-snapshot-shapes.ts';

type Row = Record<string, unknown>;

export interface PropertyDetailPayload {
  /** null: no such listing, or it was deleted */
  property: Row | null;
  rooms: Row[];
  propertyReviews: Row[];
  /** the host (when RLS lets the caller see them) and the review authors' faces */
  profiles: Row[];
  hostReviews: Row[];
  bookedDates: BookedDatesRow[];
  /** the caller's own review of this listing, public or not (null when signed out or none) */
  ownReview: Row | null;
}

export interface PropertyDetailLimits {
  propertyReviews: number;
  hostReviews: number;
}

export async function fetchPropertyDetail(propertyId: string, userId: string | null, limits: PropertyDetailLimits): Promise<PropertyDetailPayload> {
  const supabase = await loadClient();
  const readProperty = async (): Promise<{ data: Row | null; error: unknown }> => supabase.from('properties').select(PROPERTY_WITH_ROOMS).eq('id', propertyId).maybeSingle();
  // Signed out, the page's first read (with the public key, as this one would be) already asked.
  const firstReadRows = userId ? null : firstRead(propertyReadUrl(env.supabaseUrl, propertyId), { take: true });
  const [propertyResult, reviewsResult, datesResult, ownReviewResult] = await Promise.all([
    firstReadRows ? firstReadRows.then((rows) => (rows === undefined ? readProperty() : { data: rows[0] ?? null, error: null })) : readProperty(),
    supabase
      .from('property_reviews')
      .select('*')
      .eq('property_id', propertyId)
      .eq('is_public', true)
      .is('deleted_at', null)
      .order('created_at', { ascending: false })
      .limit(limits.propertyReviews),
    bookedDatesQuery(supabase, propertyId),
    userId
      ? supabase.from('property_reviews').select('*').eq('property_id', propertyId).eq('user_id', userId).limit(1).maybeSingle()
      : Promise.resolve({ data: null, error: null }),
  ]);
  if (propertyResult.error) throw fromSupabase(propertyResult.error);
  if (reviewsResult.error) throw fromSupabase(reviewsResult.error);
  if (datesResult.error) throw fromSupabase(datesResult.error);
  if (ownReviewResult.error) throw fromSupabase(ownReviewResult.error);

  const fetched = propertyResult.data as (Row & { rooms?: Row[]; host_id?: string; deleted_at?: string | null }) | null;
  if (!fetched || fetched.deleted_at) {
    return { property: fetched ? stripRooms(fetched) : null, rooms: [], propertyReviews: [], profiles: [], hostReviews: [], bookedDates: [], ownReview: null };
  }
  const propertyReviews = (reviewsResult.data ?? []) as Row[];
  const hostId = String(fetched.host_id);

  const [hostResult, hostReviewsResult] = await Promise.all([
    supabase.from('profiles').select('*').eq('id', hostId).limit(1),
    supabase
      .from('reviews')
      .select('*')
      .eq('reviewee_id', hostId)
      .eq('review_type', 'guest_to_host')
      .is('deleted_at', null)
      .order('created_at', { ascending: false })
      .limit(limits.hostReviews),
  ]);
  if (hostResult.error) throw fromSupabase(hostResult.error, hostResult.status);
  if (hostReviewsResult.error) throw fromSupabase(hostReviewsResult.error, hostReviewsResult.status);
  const hostReviews = (hostReviewsResult.data ?? []) as Row[];
  const authorIds = [...new Set([...propertyReviews.map((review) => String(review.user_id)), ...hostReviews.map((review) => String(review.reviewer_id))])];
  const authors = await fetchReviewAuthors(supabase, authorIds);

  return {
    property: stripRooms(fetched),
    rooms: fetched.rooms ?? [],
    propertyReviews,
    profiles: [...((hostResult.data ?? []) as Row[]), ...authors],
    hostReviews,
    bookedDates: liveRanges((datesResult.data ?? []) as BookedDatesRow[]),
    ownReview: (ownReviewResult.data ?? null) as Row | null,
  };
}

/**
 * Review authors' public faces (name and photo only, RPC get_review_authors): their profile rows stay
 * private. Cached as profile rows at version 0, so any real row the user may read replaces them.
 */
async function fetchReviewAuthors(supabase: Awaited<ReturnType<typeof loadClient>>, ids: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const { data, error } = await supabase.rpc('get_review_authors', { p_user_ids: ids });
  if (error) throw fromSupabase(error);
  return ((data ?? []) as { id: string; name: string; profile_photo: string | null }[]).map((face) => ({
    ...face,
    bio: null,
    profession: null,
    work_timezone: null,
    interests: [],
    show_in_whos_staying: false,
    is_visible_to_guests: true,
    onboarding_complete: true,
    verification_status: 'unverified',
    age: null,
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString(),
    version: 0,
    deleted_at: null,
  }));
}

function stripRooms(property: Row): Row {
  const copy = { ...property };
  delete copy.rooms;
  return copy;
}

function bookedDatesQuery(supabase: Awaited<ReturnType<typeof loadClient>>, propertyId: string) {
  return supabase.from(BOOKED_DATES_VIEW).select(BOOKED_DATE_COLUMNS).eq('property_id', propertyId).in('status', [...BLOCKING_STATUSES]).limit(MAX_BOOKED_RANGES);
}

/** Just the taken dates, to refresh availability after a conflict without reloading the page. */
export async function fetchBookedDates(propertyId: string): Promise<BookedDatesRow[]> {
  const supabase = await loadClient();
  const { data, error } = await bookedDatesQuery(supabase, propertyId);
  if (error) throw fromSupabase(error);
  return liveRanges((data ?? []) as BookedDatesRow[]);
}
