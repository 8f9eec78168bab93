import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
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
import { Link } from '../../ui/link/link.tsx';
import { Page } from '../../ui/page/page.tsx';
import { SkipLink } from '../../ui/skip-link/skip-link.tsx';
import { toast } from '../../ui/toast/toast-queue.ts';
import { BOOKING_CARD_ID, BookingCard } from './booking/booking-card.tsx';
import { StickyBookBar } from './booking/sticky-book-bar.tsx';
import { emptyBookingDraft, draftFromPendingBooking, type BookingDraft } from './booking/booking-draft.ts';
import { toBlockingRanges } from './booking/booked-ranges.ts';
import { takePendingBooking } from './booking/pending-booking-store.ts';
import { AboutSection } from './components/about-section.tsx';
import { HostCard } from './components/host-card.tsx';
import { HousematesCard } from './components/housemates-card.tsx';
import { PhotoGallery } from './components/photo-gallery.tsx';
import { NotSavedOffline } from './components/not-saved-offline.tsx';
import { PropertySkeleton } from './components/property-skeleton.tsx';
import { RoomsSection } from './components/rooms-section.tsx';
import { usePropertyDetail } from './hooks/use-property-detail.ts';
import { usePropertyFirstRead } from './hooks/use-property-first-read.ts';
import { HostReviewsList } from './reviews/host-reviews-list.tsx';
import { ReviewsSection } from './reviews/reviews-section.tsx';
import { averageRating } from './reviews/review-rules.ts';
import * as styles from './property-page.css.ts';

// The owner's tools (photo manager with drag and drop, room dialogs) load only for the owner.
const OwnerPanel = lazy(() => import('./owner/owner-panel.tsx').then((module) => ({ default: module.OwnerPanel })));

/** The page's sections re-render only when their own props change (memo): no new empty list per render. */
const NO_ROOMS: RoomRow[] = [];

function scrollToBookingCard() {
  // After the render that filled the card in.
  requestAnimationFrame(() => document.getElementById(BOOKING_CARD_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
}

/** The phone bar's button: the booking card into view, its room field (or first empty one) focused. */
function focusBookingCard() {
  const card = document.getElementById(BOOKING_CARD_ID);
  if (!card) return;
  card.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card.querySelector<HTMLElement>('[data-booking-field] button, [data-booking-field] [role="spinbutton"]')?.focus({ preventScroll: true });
}

/** Property detail /property/{id} (docs/product.md §2): rendered from the local mirror, refreshed from the server. */
export default function PropertyPage() {
  const { id = '' } = useParams<{ id: string }>();
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
  const hostReviewList = useMemo(() => <HostReviewsList reviews={hostReviews ?? []} />, [hostReviews]);

  if (isUnsavedOffline) return <NotSavedOffline />;
  if (!property || fetchState === 'not-found') return <PropertySkeleton />;

  return (
    <Page
      title={property.name}
      subtitle={`${property.city}, ${property.country}`}
      actions={
        <>
          {/* Early in the tab order: the booking card comes after photos, rooms and reviews on a phone. */}
          {isOwner ? null : <SkipLink targetId={BOOKING_CARD_ID}>Skip to booking</SkipLink>}
          {property.google_maps_url ? (
            <div className={styles.headerMeta}>
              <Link href={property.google_maps_url} target="_blank" rel="noopener noreferrer">
                View on map
              </Link>
            </div>
          ) : null}
        </>
      }
    >
      <div className={isOwner ? `${styles.layout} ${styles.layoutWithoutSide}` : styles.layout}>
        <div className={styles.mainColumn}>
          <div className={styles.order.gallery}>
            <PhotoGallery name={property.name} photos={property.photos} />
          </div>
          <AboutSection property={property} className={styles.order.about} />
          {isOwner ? (
            <div className={styles.order.rooms}>
              <Suspense fallback={null}>
                <OwnerPanel property={property} rooms={rooms} />
              </Suspense>
            </div>
          ) : (
            <RoomsSection rooms={rooms} selectedRoomId={draft.roomId} onRequest={requestRoom} className={styles.order.rooms} />
          )}
          {confirmedStay && !isOwner ? (
            <div className={styles.order.housemates}>
              <HousematesCard propertyId={property.id} houseChat={houseChat} />
            </div>
          ) : null}
          <div className={styles.order.reviews}>
            <ReviewsSection propertyId={property.id} userId={signedInUserId} reviewableStay={reviewableStay} />
          </div>
        </div>
        {isOwner ? null : (
          <aside className={styles.sideColumn} aria-label="Booking and host">
            <div className={styles.order.booking}>
              <BookingCard
                property={property}
                rooms={rooms}
                draft={draft}
                onDraftChange={setDraft}
                bookedRanges={bookedRanges}
                userId={signedInUserId}
                email={email}
                onDatesTaken={onDatesTaken}
              />
            </div>
            {host ? (
              <div className={styles.order.host}>
                <HostCard
                  hostId={host.id}
                  hostName={host.name}
                  hostPhoto={host.profile_photo}
                  hostProfession={host.profession}
                  hostBio={host.bio}
                  averageRating={averageRating(hostRatings)}
                  reviewCount={hostRatings.length}
                  isVisible={host.is_visible_to_guests}
                  reviews={hostReviewList}
                />
              </div>
            ) : null}
          </aside>
        )}
      </div>
      {isOwner ? null : (
        <StickyBookBar rooms={rooms} propertyWeeklyPrice={property.price_per_week} hasRoom={draft.roomId !== null} onBook={focusBookingCard} />
      )}
    </Page>
  );
}
