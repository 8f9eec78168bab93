// Stripe's documented test card numbers and what each does; any other number is refused like Stripe's
// test mode refuses real cards.

export interface CardOutcome {
  brand: string;
  /** null: the payment succeeds */
  decline: { code: string; decline_code?: string; message: string } | null;
}

const declined = (code: string, message: string, decline_code?: string): CardOutcome['decline'] => ({ code, message, ...(decline_code ? { decline_code } : {}) });

const testCards: Record<string, CardOutcome> = {
  '4242424242424242': { brand: 'visa', decline: null },
  '4000056655665556': { brand: 'visa', decline: null },
  '5555555555554444': { brand: 'mastercard', decline: null },
  '378282246310005': { brand: 'amex', decline: null },
  '4000000000000002': { brand: 'visa', decline: declined('card_declined', 'Your card was declined.', 'generic_decline') },
  '4000000000009995': { brand: 'visa', decline: declined('card_declined', 'Your card has insufficient funds.', 'insufficient_funds') },
  '4000000000009987': { brand: 'visa', decline: declined('card_declined', 'Your card was declined.', 'lost_card') },
  '4000000000000069': { brand: 'visa', decline: declined('expired_card', 'Your card has expired.') },
  '4000000000000127': { brand: 'visa', decline: declined('incorrect_cvc', "Your card's security code is incorrect.") },
  '4000000000000119': { brand: 'visa', decline: declined('processing_error', 'An error occurred while processing your card. Try again in a little bit.') },
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
export function cardOutcome(card: CardInput, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { brand: 'unknown', decline: declined('incorrect_number', 'Your card number is incorrect.') };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || endOfMonth <= now) {
    return { brand: 'unknown', decline: declined('invalid_expiry_year', "Your card's expiration date is in the past.") };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return { brand: 'unknown', decline: declined('invalid_cvc', "Your card's security code is invalid.") };
  return (
    testCards[digits] ?? {
      brand: 'unknown',
      decline: declined('card_declined', 'Your card was declined. Your request was in test mode, but used a non test card.', 'live_mode_test_card'),
    }
  );
}

export function lastFour(number: string): string {
  return number.replace(/[\s-]/g, '').slice(-4);
}
