// Business constants and limits of docs/product.md §9 (plus the few docs/architecture.md §1 adds). Every number the rules
// use lives here so the UI, the sync layer and the server-side checks agree.

export const BRAND_NAME = 'NomadNest';
/** Landing-page footer copyright year (docs/product.md §2). */
export const COPYRIGHT_YEAR = 2025;

export const PLATFORM_FEE_RATE = 0.1;

export const STAY_MONTHS = { min: 1, max: 6, step: 0.5 } as const;
/** The duration select: 1, 1.5, …, 6. */
export const STAY_MONTH_OPTIONS: readonly number[] = Array.from(
  { length: (STAY_MONTHS.max - STAY_MONTHS.min) / STAY_MONTHS.step + 1 },
  (_, index) => STAY_MONTHS.min + index * STAY_MONTHS.step,
);

/** A month is 4 weeks in displays (card prices, "~$X/month")… */
export const WEEKS_PER_MONTH_DISPLAY = 4;
/** …and 4.33 weeks in the booking total. */
export const WEEKS_PER_MONTH_TOTAL = 4.33;
/** The fractional part of a stay counts 30 days per month (and days/30 gives months back). */
export const DAYS_PER_MONTH_FRACTION = 30;

export const MAX_PRICE_SLIDER = { min: 0, max: 3000, step: 50, default: 3000 } as const;
export const MIN_WIFI_DEFAULT = 0;
export const MIN_GUESTS = 1;
/** Price inputs of the dashboard add-room dialog. */
export const PRICE_INPUT_STEP = 0.01;

export const HOUSEMATE_LOOKAHEAD_DAYS = 90;
export const MAX_HOUSEMATE_INTERESTS = 3;
export const AGE_BAND_YEARS = 5;

/** House chat (docs/architecture.md §1): a guest joins when the accepted stay overlaps today or starts within this many days. */
export const HOUSE_CHAT_LEAD_DAYS = 14;

export const PROPERTY_REVIEWS_SHOWN = 6;
export const HOST_REVIEWS_FETCHED = 10;
export const PROPERTY_REVIEW_TEXT_MAX = 1000;
export const BOOKING_REVIEW_TEXT_MAX = 500;
export const RATING = { min: 1, max: 5 } as const;

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** The photo buckets' allowed_mime_types (migration 20250601001300): raster images only, no SVG. */
export const ALLOWED_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
export const PHOTOS_PER_CARD = 5;
export const MAX_INTERESTS = 6;
export const PROFESSION_MAX = 100;
export const BIO_MAX = 300;
export const GUEST_ONBOARDING_STEPS = 6;
export const HOST_ONBOARDING_STEPS = 4;

export const SUGGESTED_INTERESTS = [
  'Surfing', 'Yoga', 'Design', 'Startups', 'Crypto', 'Photography', 'Hiking', 'Coworking',
  'Coffee', 'Meditation', 'Fitness', 'Travel', 'Music', 'Art', 'Coding', 'Writing',
] as const;

export const TIMEZONES = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles',
  'Europe/London', 'Europe/Paris', 'Europe/Athens', 'Asia/Dubai', 'Asia/Bangkok',
  'Asia/Singapore', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland',
] as const;
export type Timezone = (typeof TIMEZONES)[number];

export const AMENITY_BADGES = [
  'Work-friendly', 'Sea view', 'Pool', 'AC', '100mbps+ WiFi', 'Quiet area', 'Weekly cleaning',
] as const;

export const USER_ROLES = ['guest', 'host'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const DEFAULT_USER_ROLE: UserRole = 'guest';

export const CONVERSATION_TYPES = ['guest_guest', 'host_guest'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
/** A message without conversation_type is treated as host_guest (docs/product.md §3). */
export const DEFAULT_CONVERSATION_TYPE: ConversationType = 'host_guest';

export const REVIEW_TYPES = ['guest_to_host', 'host_to_guest'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

export const NEW_PROPERTY_DEFAULTS = {
  price_per_week: 0,
  capacity: 0,
  current_occupancy: 0,
  min_stay_weeks: 2,
  max_stay_weeks: 12,
} as const;
export const ROOM_FORM_DEFAULTS = { capacity: 1, min_stay_weeks: 2, max_stay_weeks: 12 } as const;
export const ADD_ROOM_DIALOG_DEFAULTS = { min_stay_weeks: 2, max_stay_weeks: 12 } as const;

/** Photos are displayed through the storage image renderer (docs/product.md §7, §9). */
export const IMAGE_TRANSFORM = { width: 1200, quality: 70, format: 'webp' } as const;
export const IMAGE_PLACEHOLDER_TRANSFORM = { width: 40, quality: 10, format: 'webp' } as const;

export const STORAGE_BUCKETS = {
  roomPhotos: 'room-photos',
  propertyPhotos: 'property-photos',
  profilePhotos: 'profile-photos',
} as const;

/** Browser storage keys of docs/product.md §3 (lastSearchParams lives in session storage). */
export const BROWSER_STORAGE_KEYS = {
  pendingBooking: 'pendingBooking',
  signupName: 'signup_name',
  signupRole: 'signup_role',
  userName: 'user_name',
  postOnboardingRedirect: 'postOnboardingRedirect',
  lastSearchParams: 'lastSearchParams',
} as const;

/** Date picker: one month shown, weeks start Sunday, US English. */
export const DATE_PICKER = { visibleMonths: 1, weekStartsOn: 0, locale: 'en-US' } as const;

/** Session refresh retries back off exponentially from this delay, doubling per attempt. */
export const SESSION_REFRESH_BACKOFF_START_MS = 200;
/** Stays of at least this many months may be paid month by month (docs/decisions/pay-monthly.md). */
export const MONTHLY_PLAN_MIN_MONTHS = 2;
/** Days after a failed monthly payment at which it is charged again; after the last one the host may end the stay. */
export const PAYMENT_RETRY_DAYS: readonly number[] = [1, 3, 7];
