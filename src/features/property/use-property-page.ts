import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { canJoinHouseChat } from '../../domain/booking-status.ts';
import { HOST_REVIEWS_FETCHED } from '../../domain/constants.ts';
import { BOOKING_RESTORED, LOAD_PROPERTY_DETAILS_FAILED } from '../../domain/messages.ts';
import { toDateOnly } from '../../domain/stay-dates.ts';
import { useDbQuery } from '../../db/hooks/use-db-query.ts';
import { useProfile } from '../../db/hooks/use-profiles.ts';
import { getOwnPropertyReview, listGuestStaysAtProperty, listHostGuestReviews } from '../../db/queries/property-detail.ts';
import type { RoomRow } from '../../db/tables.ts';
import { useBrowserOnline } from '../../hooks/use-is-online.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { toast } from '../../ui/toast/toast-queue.ts';
import { scrollToBookingCard } from './booking/booking-card-focus.ts';
import { emptyBookingDraft, draftFromPendingBooking, type BookingDraft } from './booking/booking-draft.ts';
import { toBlockingRanges } from './booking/booked-ranges.ts';
import { takePendingBooking } from './booking/pending-booking-store.ts';
import { usePropertyDetail } from './hooks/use-property-detail.ts';
import { usePropertyFirstRead } from './hooks/use-property-first-read.ts';

/** The page's sections re-render only when their own props change (memo): no new empty list per render. */
const NO_ROOMS: RoomRow[] = [];

/**
 * Everything the property page shows, from the local mirror (or the document's first read on a first visit),
 * and the booking draft; leaves for the list when the listing cannot load, and restores a booking started
 * before sign-in. Values the memoised sections take keep their identity between renders.
 */
export function usePropertyPage(id: string) {
  const [, navigate] = useLocation();
  // The user, not the session's status: learning "signed out" at start must not re-render the page while
  // it hydrates (React would drop its prerendered HTML for the route's fallback).
  const signedInUserId = useSessionStore((state) => (state.status === 'signed-in' ? state.userId : null));
  const email = useSessionStore((state) => state.email);

  const { property: mirrored, rooms: mirroredRooms, fetchState, bookedDates, refreshBookedDates } = usePropertyDetail(id, signedInUserId);
  // Until the mirror has the listing, the page shows the document's first read of it (a first visit).
  const firstRead = usePropertyFirstRead(id);
  const property = mirrored ?? firstRead?.property ?? mirrored; // undefined: the mirror is still answering
  const rooms = (mirrored || !firstRead ? mirroredRooms : firstRead.rooms) ?? NO_ROOMS;
  const host = useProfile(property?.host_id ?? null);
  const hostReviews = useDbQuery(async (db) => (property ? listHostGuestReviews(db, property.host_id, HOST_REVIEWS_FETCHED) : []), [property?.host_id]);
  const stays = useDbQuery(async (db) => (signedInUserId ? listGuestStaysAtProperty(db, signedInUserId, id) : []), [signedInUserId, id]);
  const ownReview = useDbQuery(async (db) => (signedInUserId ? ((await getOwnPropertyReview(db, signedInUserId, id)) ?? null) : null), [signedInUserId, id]);

  const [draft, setDraft] = useState<BookingDraft>(emptyBookingDraft);
  const isOwner = Boolean(property && signedInUserId && property.host_id === signedInUserId);
  const today = toDateOnly(new Date());

  // Offline, a listing this device never saved cannot load: say so (below) instead of a skeleton forever.
  const isBrowserOnline = useBrowserOnline();
  const isUnsavedOffline = !isBrowserOnline && property === null;

  // Not cached and not loadable (or deleted): docs/product.md §8 toast, back to the list. Once per page visit.
  const hasLeft = useRef(false);
  useEffect(() => {
    const unreachable = fetchState === 'not-found' || (fetchState === 'failed' && property === null);
    if (!unreachable || hasLeft.current || isUnsavedOffline) return;
    hasLeft.current = true;
    toast.error(LOAD_PROPERTY_DETAILS_FAILED.title, LOAD_PROPERTY_DETAILS_FAILED.description);
    navigate('/properties', { replace: true });
  }, [fetchState, property, navigate, isUnsavedOffline]);

  // Back from sign-in: the booking the visitor started is restored once, then forgotten (docs/product.md §4).
  const hasRestored = useRef(false);
  useEffect(() => {
    if (hasRestored.current || !signedInUserId || !property || !rooms || rooms.length === 0 || isOwner) return;
    hasRestored.current = true;
    const pending = takePendingBooking(id);
    if (!pending || !rooms.some((room) => room.id === pending.roomId)) return;
    setDraft(draftFromPendingBooking(pending));
    toast.success(BOOKING_RESTORED.title, BOOKING_RESTORED.description);
    scrollToBookingCard();
  }, [id, signedInUserId, property, rooms, isOwner]);

  const requestRoom = useCallback((room: RoomRow) => {
    setDraft((current) => ({ ...current, roomId: room.id }));
    scrollToBookingCard();
  }, []);

  const ownBookingIds = useMemo(() => new Set((stays ?? []).map((stay) => stay.id)), [stays]);
  const bookedRanges = useMemo(() => toBlockingRanges(bookedDates, ownBookingIds), [bookedDates, ownBookingIds]);
  const onDatesTaken = useCallback(() => void refreshBookedDates(), [refreshBookedDates]);

  const confirmedStay = (stays ?? []).find((stay) => stay.status === 'accepted' && stay.check_out >= today) ?? null;
  const isHouseChatOpen = (stays ?? []).some((stay) => canJoinHouseChat(stay, today));
  const houseChat = useMemo(() => ({ isOpen: isHouseChatOpen }), [isHouseChatOpen]);
  const completedStayRoomId = (stays ?? []).find((stay) => stay.status === 'completed')?.room_id ?? null;
  const reviewableRoomId = !isOwner && completedStayRoomId !== null && ownReview === null ? completedStayRoomId : null;
  const reviewableStay = useMemo(() => (reviewableRoomId === null ? null : { roomId: reviewableRoomId }), [reviewableRoomId]);
  const hostRatings = (hostReviews ?? []).map((review) => review.rating);

  return { property, rooms, fetchState, host, signedInUserId, email, isOwner, isUnsavedOffline, draft, setDraft, requestRoom, bookedRanges, onDatesTaken, confirmedStay, houseChat, reviewableStay, hostReviews, hostRatings };
}
