// pay-booking-payment: body { paymentId } with the guest's bearer token → { url } of a Stripe Checkout
// page for one monthly payment that failed ("Pay now" on the dashboard). The card paid with is saved
// for the next months. 404 for a payment that is not the caller's, 409 unless it failed.
import * as v from 'valibot';
import { postHandler, readJsonBody } from '../_shared/http.ts';
import { createPaymentCheckout } from '../_shared/monthly-payments.ts';

const bodySchema = v.object({ paymentId: v.pipe(v.string('must be a string'), v.trim(), v.uuid('must be a UUID')) });

export default postHandler('pay-booking-payment', async (req) => {
  const { paymentId } = await readJsonBody(req, bodySchema);
  return createPaymentCheckout(req, paymentId);
});
