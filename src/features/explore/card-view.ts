// What a property card shows, from the local rows: photos (at most 5, transformed for display, each
// with a blurred placeholder), location, Wi-Fi and the card price rule.
import { PHOTOS_PER_CARD } from '../../domain/constants.ts';
import { placeholderImageUrl, responsiveSrcSet, transformedImageUrl } from '../../domain/image-url.ts';
import { cardPrice, formatCardPrice, type PricedRoom } from '../../domain/pricing.ts';

/** Renditions a card may choose from: a third of a desktop row, a phone's width at 2x, the display size. */
const CARD_PHOTO_WIDTHS = [480, 800, 1200] as const;
/** How wide a card's photo shows: a third of the page from tablet width, the whole width on phones. */
export const CARD_PHOTO_SIZES = '(min-width: 48rem) 33vw, 100vw';

/** Cards in the first row load their first photo eagerly (they are the largest paint). */
export const PRIORITY_CARDS = 3;

/** The skeleton card's photo slot the Explore document's script fills with that card's first photo (lib/early-photo.ts). */
export const cardPhotoSlot = (index: number): string => `card-${index}`;

/** A stored photo's card renditions (for the card's <img>, and for the Explore document's early photos). */
export function cardPhotoSources(url: string, baseUrl: string): { src: string; srcSet: string } {
  return { src: transformedImageUrl(url, { baseUrl }), srcSet: responsiveSrcSet(url, CARD_PHOTO_WIDTHS, baseUrl) };
}

export interface CardPhoto {
  src: string;
  srcSet: string;
  /** tiny blurred version shown while `src` loads */
  placeholder: string;
  alt: string;
}

export interface CardSource {
  property: {
    id: string;
    name: string;
    city: string;
    country: string;
    photos: readonly string[];
    price_per_week: number | null;
    wifi_speed_mbps: number | null;
  };
  rooms: readonly PricedRoom[];
  /** public reviews the device holds */
  reviews?: { count: number; average: number | null };
}

export interface PropertyCardView {
  id: string;
  href: string;
  name: string;
  location: string;
  photos: CardPhoto[];
  priceText: string;
  hasPrice: boolean;
  /** '150 Mbps Wi-Fi', or null when the host gave no speed */
  wifiLabel: string | null;
  /** '4.8' and '12 reviews' (null average: 'No reviews yet') */
  rating: { average: string | null; countText: string; label: string };
}

function ratingView(reviews: CardSource['reviews']): PropertyCardView['rating'] {
  const count = reviews?.count ?? 0;
  if (!reviews || count === 0 || reviews.average === null) return { average: null, countText: 'No reviews yet', label: 'No reviews yet' };
  const average = reviews.average.toFixed(1);
  const countText = count === 1 ? '1 review' : `${count} reviews`;
  return { average, countText, label: `Rated ${average} out of 5 from ${countText}` };
}

export function toCardView({ property, rooms, reviews }: CardSource, baseUrl: string): PropertyCardView {
  const shown = property.photos.slice(0, PHOTOS_PER_CARD);
  const price = cardPrice({ price_per_week: property.price_per_week, rooms });
  const speed = property.wifi_speed_mbps;
  return {
    id: property.id,
    href: `/property/${property.id}`,
    name: property.name,
    location: [property.city, property.country].filter(Boolean).join(', '),
    photos: shown.map((url, index) => ({
      ...cardPhotoSources(url, baseUrl),
      placeholder: placeholderImageUrl(url, baseUrl),
      alt: `${property.name}, photo ${index + 1} of ${shown.length}`,
    })),
    priceText: formatCardPrice(price),
    hasPrice: price.kind === 'from',
    wifiLabel: speed != null && speed > 0 ? `${Math.round(speed)} Mbps Wi-Fi` : null,
    rating: ratingView(reviews),
  };
}
