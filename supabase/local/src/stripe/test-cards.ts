// Stripe's documented test card numbers and what each does, on the session (Checkout) and off it (a saved
// card charged later with off_session=true); any other number is refused like Stripe's test mode refuses
// real cards.

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

export interface CardOutcome {
  brand: string;
  /** null: the payment succeeds */
  decline: CardDecline | null;
  /** a later off-session charge of the saved card; null: it succeeds */
  offSession: CardDecline | null;
}

const declined = (code: string, message: string, decline_code?: string): CardDecline => ({ code, message, ...(decline_code ? { decline_code } : {}) });

/** A card that behaves the same on and off the session. */
const card = (brand: string, decline: CardDecline | null = null): CardOutcome => ({ brand, decline, offSession: decline });

const testCards: Record<string, CardOutcome> = {
  '4242424242424242': card('visa'),
  '4000056655665556': card('visa'),
  '5555555555554444': card('mastercard'),
  '378282246310005': card('amex'),
  // Stripe: "attaching this card to a Customer succeeds, but attempts to charge the customer fail". The double
  // lets the Checkout payment that saves it succeed, so that a saved card whose later charges fail can be tested.
  '4000000000000341': { brand: 'visa', decline: null, offSession: declined('card_declined', 'Your card was declined.', 'generic_decline') },
  // Stripe: "requires authentication on all transactions, regardless of how the card is set up". On the hosted
  // page the guest is present and the double counts the authentication as passed; off the session nobody can.
  '4000002760003184': {
    brand: 'visa',
    decline: null,
    offSession: declined('authentication_required', 'Your card was declined. This transaction requires authentication.', 'authentication_required'),
  },
  '4000000000000002': card('visa', declined('card_declined', 'Your card was declined.', 'generic_decline')),
  '4000000000009995': card('visa', declined('card_declined', 'Your card has insufficient funds.', 'insufficient_funds')),
  '4000000000009987': card('visa', declined('card_declined', 'Your card was declined.', 'lost_card')),
  '4000000000000069': card('visa', declined('expired_card', 'Your card has expired.')),
  '4000000000000127': card('visa', declined('incorrect_cvc', "Your card's security code is incorrect.")),
  '4000000000000119': card('visa', declined('processing_error', 'An error occurred while processing your card. Try again in a little bit.')),
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Checks the card fields like the hosted page would, then looks the number up. */
export function cardOutcome(input: CardInput, now = new Date()): CardOutcome {
  const digits = cardDigits(input.number);
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return card('unknown', declined('incorrect_number', 'Your card number is incorrect.'));
  }
  const year = fullYear(input.expYear);
  const endOfMonth = new Date(Date.UTC(year, input.expMonth, 1));
  if (!(input.expMonth >= 1 && input.expMonth <= 12) || endOfMonth <= now) {
    return card('unknown', declined('invalid_expiry_year', "Your card's expiration date is in the past."));
  }
  if (!/^\d{3,4}$/.test(input.cvc)) return card('unknown', declined('invalid_cvc', "Your card's security code is invalid."));
  return (
    testCards[digits] ?? card('unknown', declined('card_declined', 'Your card was declined. Your request was in test mode, but used a non test card.', 'live_mode_test_card'))
  );
}

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function lastFour(number: string): string {
  return cardDigits(number).slice(-4);
}

/** "34" on the card form is 2034. */
export function fullYear(expYear: number): number {
  return expYear < 100 ? 2000 + expYear : expYear;
}

/** What a saved test card does when charged off the session (the saved number is known to be valid). */
export function offSessionOutcome(number: string): CardDecline | null {
  const known = testCards[cardDigits(number)];
  return known ? known.offSession : declined('card_declined', 'Your card was declined.', 'generic_decline');
}
