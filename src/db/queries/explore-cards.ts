import { Dexie } from 'dexie';
import type { PropertyFilters } from '../../domain/filters.ts';
import type { AppDb } from '../db.ts';
import type { PropertyReviewRow, PropertyRow, RoomRow } from '../tables.ts';
import { listPropertyRoomsInTransaction } from './properties.ts';
import { hasListedPropertyInTransaction, searchPropertiesInTransaction } from './property-search.ts';

/** Cards Explore renders at most (the server list it mirrors is bounded too). */
export const EXPLORE_CARD_LIMIT = 120;

export interface ReviewSummary {
  count: number;
  /** mean rating, or null without reviews */
  average: number | null;
}

export interface ExploreCardRow {
  property: PropertyRow;
  /** live rooms, cheapest first: the card price comes from them */
  rooms: RoomRow[];
  /** the property's public reviews the device holds (Explore's list brings them along) */
  reviews: ReviewSummary;
}

/** Reviews a card counts at most (a bounded read per card). */
const REVIEWS_PER_CARD = 500;

/** Whether a card counts a review: live and public. */
const isCounted = (review: PropertyReviewRow) => review.deleted_at === null && review.is_public;

/** A card's review figures from a property's reviews (the ones it does not count left out). */
export function summarizeReviews(reviews: readonly PropertyReviewRow[]): ReviewSummary {
  const counted = reviews.filter(isCounted);
  return {
    count: counted.length,
    average: counted.length > 0 ? counted.reduce((sum, review) => sum + review.rating, 0) / counted.length : null,
  };
}

function reviewSummaryInTransaction(db: AppDb, propertyId: string): Promise<ReviewSummary> {
  return db.property_reviews
    .where('[property_id+created_at]')
    .between([propertyId, ''], [propertyId, '\uffff'])
    .filter(isCounted)
    .limit(REVIEWS_PER_CARD)
    .toArray()
    .then(summarizeReviews);
}

export interface ExploreListing {
  cards: ExploreCardRow[];
  /** whether any listing is known before filtering (which empty state to show) */
  hasAnyListing: boolean;
}

export interface ExploreQuery {
  filters: PropertyFilters;
  /** the ids the last server list returned: hides cached listings that were removed since (null: offline, show the cache) */
  onlyIds: ReadonlySet<string> | null;
  limit?: number;
}

/**
 * Explore's cards from the local mirror: newest first, filtered as docs/product.md §9 says, each with its rooms.
 * The listings come through the indexes (property-search.ts: exact SPEC semantics, bounded reads).
 */
export function listExploreCards(db: AppDb, query: ExploreQuery): Promise<ExploreListing> {
  const { filters, onlyIds, limit = EXPLORE_CARD_LIMIT } = query;
  // Dexie promise chains inside the transaction, not async/await (see paged-range.ts).
  return db.transaction('r', db.properties, db.rooms, db.property_reviews, () =>
    searchPropertiesInTransaction(db, { filters, onlyIds, limit }).then((properties) =>
      Dexie.Promise.all([
        Dexie.Promise.all(properties.map((property) => listPropertyRoomsInTransaction(db, property.id))),
        Dexie.Promise.all(properties.map((property) => reviewSummaryInTransaction(db, property.id))),
        // a card shown is a listing known; only an empty list asks again without the filters
        properties.length > 0 ? true : hasListedPropertyInTransaction(db, onlyIds),
      ]).then(([rooms, reviews, hasAnyListing]) => ({
        cards: properties.map((property, index) => ({
          property,
          rooms: rooms[index] ?? [],
          reviews: reviews[index] ?? { count: 0, average: null },
        })),
        hasAnyListing,
      })),
    ),
  );
}
