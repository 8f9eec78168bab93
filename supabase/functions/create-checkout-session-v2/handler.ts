// create-checkout-session-v2 (docs/product.md §7): body { booking_id, user_id, payment_plan? } with the guest's
// bearer token → { url } of a Stripe Checkout page for that pending_payment booking. user_id, when sent,
// must be the caller; the token decides who the caller is. payment_plan 'monthly' (stays of 2 months or
// more, docs/decisions/pay-monthly.md) takes the first month and saves the card; 'full' is the default.
import * as v from 'valibot';
import { createBookingCheckout } from '../_shared/booking-checkout.ts';
import { PAYMENT_PLANS } from '../_shared/domain/payment-schedule.ts';
import { bookingIdSchema, postHandler, readJsonBody } from '../_shared/http.ts';

const bodySchema = v.object({
  booking_id: bookingIdSchema,
  user_id: v.optional(v.pipe(v.string('must be a string'), v.uuid('must be a UUID'))),
  payment_plan: v.optional(v.picklist(PAYMENT_PLANS, 'must be "full" or "monthly"')),
});

export default postHandler('create-checkout-session-v2', async (req) => {
  const body = await readJsonBody(req, bodySchema);
  return createBookingCheckout(req, { bookingId: body.booking_id, claimedUserId: body.user_id, paymentPlan: body.payment_plan });
});
