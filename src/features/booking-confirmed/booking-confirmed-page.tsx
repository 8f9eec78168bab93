import { Page } from '../../ui/page/page';

/** Booking confirmation (SPEC §2); built by the guest-journey issue. */
export default function BookingConfirmedPage() {
  return <Page title="Your booking" />;
}
