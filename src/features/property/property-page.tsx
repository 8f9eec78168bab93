import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'wouter';
import { Link } from '../../ui/link/link.tsx';
import { Page } from '../../ui/page/page.tsx';
import { SkipLink } from '../../ui/skip-link/skip-link.tsx';
import { BOOKING_CARD_ID, BookingCard } from './booking/booking-card.tsx';
import { focusBookingCard } from './booking/booking-card-focus.ts';
import { StickyBookBar } from './booking/sticky-book-bar.tsx';
import { AboutSection } from './components/about-section.tsx';
import { HostCard } from './components/host-card.tsx';
import { HousematesCard } from './components/housemates-card.tsx';
import { PhotoGallery } from './components/photo-gallery.tsx';
import { NotSavedOffline } from './components/not-saved-offline.tsx';
import { PropertySkeleton } from './components/property-skeleton.tsx';
import { RoomsSection } from './components/rooms-section.tsx';
import { HostReviewsList } from './reviews/host-reviews-list.tsx';
import { ReviewsSection } from './reviews/reviews-section.tsx';
import { averageRating } from './reviews/review-rules.ts';
import { usePropertyPage } from './use-property-page.ts';
import * as styles from './property-page.css.ts';

// The owner's tools (photo manager with drag and drop, room dialogs) load only for the owner.
const OwnerPanel = lazy(() => import('./owner/owner-panel.tsx').then((module) => ({ default: module.OwnerPanel })));

/** Property detail /property/{id} (docs/product.md §2): rendered from the local mirror, refreshed from the server. */
export default function PropertyPage() {
  const { id = '' } = useParams<{ id: string }>();
  const page = usePropertyPage(id);
  const { property, rooms, fetchState, host, signedInUserId, email, isOwner, isUnsavedOffline, draft, setDraft, requestRoom, bookedRanges, onDatesTaken } = page;
  const { confirmedStay, houseChat, reviewableStay, hostReviews, hostRatings } = page;
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
