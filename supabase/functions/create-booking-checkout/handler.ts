// create-booking-checkout (docs/product.md §7): body { bookingId, paymentPlan? } with the guest's bearer token
// → { url } of a Stripe Checkout page. paymentPlan 'monthly' (stays of 2 months or more) takes the first
// month now and saves the card for the next ones; 'full' (the default) takes the total. Same rules as
// create-checkout-session-v2 (the older client call, always in full).
import * as v from 'valibot';
import { createBookingCheckout } from '../_shared/booking-checkout.ts';
import { PAYMENT_PLANS } from '../_shared/domain/payment-schedule.ts';
import { bookingIdSchema, postHandler, readJsonBody } from '../_shared/http.ts';

const bodySchema = v.object({
  bookingId: bookingIdSchema,
  paymentPlan: v.optional(v.picklist(PAYMENT_PLANS, 'must be "full" or "monthly"')),
});

export default postHandler('create-booking-checkout', async (req) => {
  const body = await readJsonBody(req, bodySchema);
  return createBookingCheckout(req, { bookingId: body.bookingId, paymentPlan: body.paymentPlan });
});
