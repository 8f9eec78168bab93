// What a property card shows, from the local rows: photos (at most 5, transformed for display, each
// with a blurred placeholder), location, Wi-Fi and the card price rule.
import { env } from '../../config/env.ts';
import { PHOTOS_PER_CARD } from '../../domain/constants.ts';
import { placeholderImageUrl, responsiveSrcSet, transformedImageUrl } from '../../domain/image-url.ts';
import { cardPrice, formatCardPrice, type PricedRoom } from '../../domain/pricing.ts';
import { DISPLAY_WIDTHS } from '../../lib/photo-renditions.ts';

/** Where card photos come from: the renderer (VITE_IMAGE_TRANSFORMATIONS=on) or the uploaded renditions. */
const buildTransformations = env.imageTransformations;
/** How wide a card's photo shows: a third of the page from tablet width, the whole width on phones. */
export const CARD_PHOTO_SIZES = '(min-width: 48rem) 33vw, 100vw';

/** Cards in the first row load their first photo eagerly (they are the largest paint). */
export const PRIORITY_CARDS = 3;

/** The skeleton card's photo slot the Explore document's script fills with that card's first photo (lib/early-photo.ts). */
export const cardPhotoSlot = (index: number): string => `card-${index}`;

/**
 * A stored photo's card renditions (for the card's <img>, and for the Explore document's early photos): a
 * third of a desktop row, a phone's width at 2x, the display size (DISPLAY_WIDTHS).
 */
export function cardPhotoSources(url: string, baseUrl: string, transformations: boolean = buildTransformations): { src: string; srcSet: string } {
  const source = { baseUrl, transformations };
  return { src: transformedImageUrl(url, source), srcSet: responsiveSrcSet(url, DISPLAY_WIDTHS, source) };
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

export function toCardView({ property, rooms, reviews }: CardSource, baseUrl: string, transformations: boolean = buildTransformations): PropertyCardView {
  const shown = property.photos.slice(0, PHOTOS_PER_CARD);
  const price = cardPrice({ price_per_week: property.price_per_week, rooms });
  const speed = property.wifi_speed_mbps;
  return {
    id: property.id,
    href: `/property/${property.id}`,
    name: property.name,
    location: [property.city, property.country].filter(Boolean).join(', '),
    photos: shown.map((url, index) => ({
      ...cardPhotoSources(url, baseUrl, transformations),
      placeholder: placeholderImageUrl(url, { baseUrl, transformations }),
      alt: `${property.name}, photo ${index + 1} of ${shown.length}`,
    })),
    priceText: formatCardPrice(price),
    hasPrice: price.kind === 'from',
    wifiLabel: speed != null && speed > 0 ? `${Math.round(speed)} Mbps Wi-Fi` : null,
    rating: ratingView(reviews),
  };
}
