// Every user-visible text of docs/product.md §8 (toasts, empty states) and §5 (validation), worded exactly as
// the spec has it; "the product"/"{brand}" reads NomadNest. Texts the spec leaves "not shown" are
// ours and marked "(ours)". Toasts are { title, description? }; validation issue messages of the
// schemas are the description when the spec gives a title/description pair (see validation-toast.ts).
import type { Toast } from './account-setup-messages.ts';
import { BIO_MAX, BRAND_NAME, MAX_INTERESTS, PROFESSION_MAX } from './constants.ts';

export type { Toast } from './account-setup-messages.ts';

const ERROR = 'Error';
const errorWith = (description: string): Toast => ({ title: ERROR, description });

// ---- Destructive toasts (docs/product.md §8) ----
export { PROFILE_SETUP_INCOMPLETE, ROLE_SETUP_INCOMPLETE } from './account-setup-messages.ts';
/** Sign-up / sign-in failure and other failures that show the server's message. */
export const serverErrorToast = (serverMessage: string): Toast => errorWith(serverMessage);
export const SIGNUP_NO_USER = 'No user returned from signup';
export const PROFILE_CREATE_FAILED = 'Failed to create profile';
export const SETTING_UP_ACCOUNT = 'Setting up your account...';
/** (ours) The auth server's 429 for too many sign-in, sign-up, refresh or code attempts from this address. */
export const AUTH_TOO_MANY_ATTEMPTS: Toast = { title: 'Too many attempts', description: 'Please wait a few minutes and try again.' };
/** (ours) The auth server's 429 when its e-mail (or SMS) sending budget is used up. */
export const AUTH_TOO_MANY_EMAILS: Toast = { title: 'Too many emails', description: 'Too many emails were sent recently. Please wait a while and try again.' };
/** (ours) A password sign-in before the address is confirmed (auth code email_not_confirmed). */
export const EMAIL_NOT_CONFIRMED_TITLE = 'Email not confirmed';
/** (ours) A confirmation link that was used, replaced by a newer one, or expired. */
export const CONFIRMATION_LINK_EXPIRED = 'This confirmation link is invalid or has expired. Sign in to get a new one.';
/** (ours) Sign-up with an e-mail that already has an account (auth code user_already_exists). */
export const ACCOUNT_ALREADY_EXISTS: Toast = { title: 'Account already exists', description: 'An account with this email already exists. Sign in instead.' };

export const LOAD_PROPERTIES_FAILED = errorWith('Failed to load properties.');
export const LOAD_PROPERTY_DETAILS_FAILED = errorWith('Failed to load property details');
export const LOAD_PROPERTY_FAILED = errorWith('Failed to load property');
export const VERIFY_PROPERTY_FAILED = errorWith('Failed to verify property');

export const UPLOAD_PHOTOS_FAILED_TITLE = 'Error uploading photos';
export const DELETE_PHOTO_FAILED_TITLE = 'Error deleting photo';
export const UPDATE_PHOTO_ORDER_FAILED_TITLE = 'Error updating photo order';

export const DATES_UNAVAILABLE: Toast = { title: 'Dates unavailable', description: 'Those dates are no longer available. Please select different dates.' };
export const SESSION_EXPIRED: Toast = { title: 'Session expired', description: 'Please sign in again to continue' };

export const CHECKOUT_FAILED_TITLE = 'Checkout failed';
export const CHECKOUT_NO_URL = 'No checkout URL was returned. Please try again.';
/** Our own (not SPEC): the checkout function's answer when a guest holds too many rooms or retried too often. */
export const TOO_MANY_HOLDS = 'You have too many unfinished checkouts. Complete or cancel one, or try again tomorrow.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
/** Checkout failure: the function's message when there is one, else the generic text. */
export const checkoutFailedToast = (functionMessage?: string | null): Toast => ({
  title: CHECKOUT_FAILED_TITLE,
  description: functionMessage?.trim() ? functionMessage : UNEXPECTED_ERROR,
});
export const PAYMENT_PROCESSING_FAILED_TITLE = 'Error processing payment';
export const STRIPE_CONNECT_FAILED_TITLE = 'Error connecting Stripe';
/** Dashboard ?stripe_error=true. The description is ours. */
export const STRIPE_CONNECTION_FAILED: Toast = { title: 'Connection Failed', description: 'We could not connect your Stripe account. Please try again.' };
export const PAYMENT_CANCELLED: Toast = { title: 'Payment cancelled', description: 'Your booking was not completed. You can try again anytime.' };

export const LOAD_BOOKINGS_FAILED_TITLE = 'Error loading bookings';
export const DELETE_LISTING_FAILED = errorWith('Failed to delete listing');
export const AUTH_REQUIRED_FOR_PROPERTY: Toast = { title: 'Authentication required', description: 'Please sign in before adding a property.' };
export const SAVE_PROPERTY_FAILED_TITLE = 'Error saving property';
export const CREATE_ROOM_FAILED_TITLE = 'Error creating room';

export const RATING_REQUIRED: Toast = { title: 'Rating required', description: 'Please select a rating before submitting' };
export const REVIEW_SUBMIT_FAILED = errorWith('Failed to submit review. Please try again.');
export const NOT_AUTHENTICATED = 'Not authenticated';

export const CANNOT_ACCEPT_BOOKING: Toast = { title: 'Cannot accept booking', description: 'Guest must complete payment before you can accept this booking' };
export const MISSING_FIELDS: Toast = { title: 'Missing fields', description: 'Please fill in all required fields' };
export const UNAUTHORIZED_ADD_ROOM: Toast = { title: 'Unauthorized', description: "You don't have permission to add rooms to this property" };

export const PROFILE_PHOTO_UPDATE_FAILED = errorWith('Could not update profile photo, please try again');
export const FILE_TOO_LARGE: Toast = { title: 'File too large', description: 'Please upload an image smaller than 5MB' };
export const SEND_MESSAGE_FAILED = errorWith('Failed to send message');
export const LOAD_CONVERSATIONS_FAILED = errorWith('Failed to load conversations');
export const COMPLETE_ONBOARDING_FAILED = errorWith('Failed to complete onboarding. Please try again.');

// ---- Success toasts (docs/product.md §8) ----
export const welcomeNewUserToast = (name: string): Toast => ({ title: `Welcome to ${BRAND_NAME}, ${name}!`, description: 'Your profile has been created.' });
export const WELCOME_BACK: Toast = { title: 'Welcome back!', description: "You've successfully signed in." };
export const REVIEW_SUBMITTED: Toast = { title: 'Thanks for your feedback!', description: 'Your review has been submitted successfully.' };
export const PHOTOS_UPLOADED: Toast = { title: 'Photos uploaded successfully' };
export const PHOTO_DELETED: Toast = { title: 'Photo deleted successfully' };
export const PHOTO_ORDER_UPDATED: Toast = { title: 'Photo order updated' };
export const ROOM_UPDATED: Toast = { title: 'Room updated' };
export const ROOM_DELETED: Toast = { title: 'Room deleted' };
export const LISTING_DELETED: Toast = { title: 'Listing deleted successfully' };
export const PAYMENT_CONFIRMED: Toast = { title: 'Payment confirmed', description: 'Payment successful, booking sent to host' };
export const STRIPE_CONNECTED: Toast = { title: 'Stripe Connected' };
export const PROFILE_UPDATED: Toast = { title: 'Profile updated', description: 'Your changes have been saved' };
export const PROFILE_PHOTO_UPDATED: Toast = { title: 'Profile photo updated successfully', description: 'Your photo has been uploaded successfully' };
export const PROFILE_PHOTO_UPLOADED: Toast = { title: 'Success', description: 'Profile photo uploaded successfully' };
export const CONFIRMATION_SENT: Toast = { title: 'Confirmation sent', description: "We've sent you a confirmation email!" };
export const GUEST_ONBOARDING_COMPLETE: Toast = { title: `Welcome to ${BRAND_NAME}!`, description: "Your profile is complete. Let's find your next coliving space." };
export const HOST_ONBOARDING_COMPLETE: Toast = { title: `Welcome to ${BRAND_NAME}!`, description: "Your host profile is complete. Let's add your first property." };
/** (ours) A profile save made offline: stored on the device, sent when the connection returns. */
export const PROFILE_SAVED_OFFLINE: Toast = { title: 'Saved on this device', description: 'Your changes will be sent as soon as the connection is back.' };
/** (ours) The save was refused (by the server, or could not be stored on the device): never the raw error text. */
export const PROFILE_SAVE_FAILED: Toast = { title: 'Error', description: 'Your changes could not be saved. Please check them and try again.' };
/** (ours) Save with nothing changed. */
export const PROFILE_NOTHING_CHANGED: Toast = { title: 'Nothing to save', description: "You haven't changed anything." };

/** How profile fields are named to the user (the profile page's labels). */
export const PROFILE_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Full Name',
  bio: 'Bio',
  profession: 'Profession',
  work_timezone: 'Work Timezone',
  interests: 'Interests',
  show_in_whos_staying: "Show me in Who's Staying",
  is_visible_to_guests: 'Show my profile to guests',
  profile_photo: 'Profile photo',
  onboarding_complete: 'Onboarding',
  age: 'Age',
};

/**
 * (ours) A saved profile field had been changed on another device since this one loaded it, so the
 * server kept that value (docs/decisions/profile-writes-and-conflicts.md).
 */
export function profileFieldsKeptToast(fields: readonly string[]): Toast {
  const names = fields.map((field) => PROFILE_FIELD_LABELS[field] ?? field);
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const verb = names.length === 1 ? 'was' : 'were';
  return {
    title: 'Kept a change from another device',
    description: `${list} ${verb} changed on another device after you started editing, so we kept that version. Your other changes were saved.`,
  };
}

/** (ours) The connection dropped during an upload. */
export const PHOTO_UPLOAD_NO_CONNECTION: Toast = { title: 'Upload failed', description: 'The connection dropped before the photo was uploaded. Please try again when you are online.' };
/** (ours) The Security section offline: authenticators are read and changed on the auth server only. */
export const OFFLINE_SECURITY_REASON = "You're offline. Two-factor settings need a connection and appear here when you're back online.";
/** (ours) Why an upload button is disabled offline. */
export const OFFLINE_UPLOAD_REASON = "You're offline. Uploading a photo needs a connection.";

/** Booking card restored after sign-in (docs/product.md §4). The description is ours. */
export const BOOKING_RESTORED: Toast = { title: 'Booking restored', description: 'Your booking details are back where you left them.' };

// ---- Empty states and fallbacks ----
export const NO_PROPERTIES = 'No properties listed yet. Check back soon!';
export const NO_MATCHING_PROPERTIES = 'No properties match your filters. Try adjusting your search.';
export const CONTACT_FOR_PRICING = 'Contact for pricing';
export const NO_CONVERSATIONS = 'No conversations yet';
export const NO_CONVERSATION_SELECTED: Toast = { title: 'No conversation selected', description: 'Select a conversation from the list to start chatting' };
export const NO_MESSAGES = 'No messages yet. Start the conversation!';
export const MESSAGE_PLACEHOLDER = 'Type a message...';
export const UNKNOWN_USER = 'Unknown User';
export const NO_BOOKING_FOUND: Toast = { title: 'No Booking Found', description: "We couldn't find any recent bookings." };
export const PAGE_NOT_FOUND = 'Oops! Page not found';
export const LOADING_PROFILE = 'Loading profile...';
export const PROFILE_PHOTO_REQUIRED_HINT = 'Profile photo is required to continue';

// ---- Booking confirmation page (docs/product.md §2, §4) ----
export const BOOKING_CONFIRMED_HEADLINE = 'Booking confirmed!';
export const BOOKING_REQUEST_SENT_HEADLINE = 'Booking request sent!';
/** (ours, the spec only says what it conveys) */
export const BOOKING_REQUEST_SENT_TEXT = 'Your payment was successful. The host will review and confirm your booking soon.';
export const HOUSE_CHAT_AFTER_CONFIRMATION = '(Available after confirmation)';

// ---- Validation (docs/product.md §5) ----
export const BOOKING_DETAILS_INCOMPLETE: Toast = { title: 'Complete booking details', description: 'Please select a room, check-in date, and duration' };
export const SELECT_A_ROOM: Toast = { title: 'Select a room' };
/** (ours) Under the empty check-in and duration fields of the booking card (the room's is SELECT_A_ROOM). */
export const SELECT_A_CHECK_IN_DATE = 'Select a check-in date';
export const SELECT_A_DURATION = 'Select a duration';
export const MINIMUM_STAY_NOT_MET: Toast = { title: 'Minimum stay not met', description: 'Minimum stay is 1 month' };
export const MAXIMUM_STAY_EXCEEDED: Toast = { title: 'Maximum stay exceeded', description: 'Maximum stay is 6 months' };
/** (ours) The duration select cannot produce this; guards restored or hand-made values. */
export const INVALID_STAY_STEP: Toast = { title: 'Invalid duration', description: 'Stays are booked in half-month steps' };
/** (ours) The spec forbids past check-ins without giving a text. */
export const CHECK_IN_IN_PAST: Toast = { title: 'Invalid check-in date', description: 'Check-in cannot be in the past' };
export const PROPERTY_NAME_REQUIRED = 'Property name required';
export const LOCATION_REQUIRED = 'Location required';
export const PRICE_REQUIRED: Toast = { title: 'Price required', description: 'Please enter a valid price per week' };
export const NOT_AN_IMAGE: Toast = { title: 'Invalid file type', description: 'Please upload an image file' }; // (ours)

/** "n/1000 characters" counters under review and bio text areas. */
export const characterCounter = (length: number, max: number): string => `${length}/${max} characters`;

// Field messages the spec leaves "not shown" (ours).
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORD_BLANK = 'Password cannot be only spaces';
export const FULL_NAME_REQUIRED = 'Full name is required';
export const ROLE_REQUIRED = 'Please choose Guest or Host';
export const PROFESSION_REQUIRED = 'Profession is required';
export const PROFESSION_TOO_LONG = `Profession must be ${PROFESSION_MAX} characters or fewer`;
export const BIO_TOO_LONG = `Bio must be ${BIO_MAX} characters or fewer`;
export const TIMEZONE_NOT_IN_LIST = 'Please choose a timezone from the list';
export const TOO_MANY_INTERESTS = `You can choose up to ${MAX_INTERESTS} interests`;
export const MAP_LINK_INVALID = 'Please enter a valid map link (http or https)';
export const ROOM_NAME_REQUIRED = 'Room name required';
export const MONTHLY_PRICE_INVALID = 'Please enter a valid price per month';
export const CAPACITY_TOO_LOW = 'Capacity must be at least 1';
export const MIN_STAY_TOO_LOW = 'Minimum stay must be at least 1 week';
export const MAX_STAY_TOO_LOW = 'Maximum stay must be at least 1 week';
export const STAY_RANGE_INVERTED = 'Minimum stay cannot be longer than maximum stay';
export const NEGATIVE_PRICE = 'Prices cannot be negative';
export const NEGATIVE_WIFI = 'Wi-Fi speed cannot be negative';
export const reviewTooLong = (max: number): string => `Review must be ${max} characters or fewer`;
export const MESSAGE_EMPTY = 'Message cannot be empty';
export const GUESTS_TOO_FEW = 'At least 1 guest';
export const MAX_PRICE_OUT_OF_RANGE = 'Max price must be between $0 and $3,000';

/** Validation toasts whose description is used as the schema issue message (see validation-toast.ts). */
export const VALIDATION_TOASTS: readonly Toast[] = [
  BOOKING_DETAILS_INCOMPLETE, MINIMUM_STAY_NOT_MET, MAXIMUM_STAY_EXCEEDED, INVALID_STAY_STEP, CHECK_IN_IN_PAST,
  PRICE_REQUIRED, RATING_REQUIRED, MISSING_FIELDS, FILE_TOO_LARGE, NOT_AN_IMAGE, DATES_UNAVAILABLE,
];
