// create-booking-checkout (docs/product.md §7): body { bookingId } with the guest's bearer token → { url } of a
// Stripe Checkout page. Same rules as create-checkout-session-v2 (the older client call).
import * as v from 'valibot';
import { createBookingCheckout } from '../_shared/booking-checkout.ts';
import { bookingIdSchema, postHandler, readJsonBody } from '../_shared/http.ts';

const bodySchema = v.object({ bookingId: bookingIdSchema });

export default postHandler('create-booking-checkout', async (req) => {
  const body = await readJsonBody(req, bodySchema);
  return createBookingCheckout(req, { bookingId: body.bookingId });
});
