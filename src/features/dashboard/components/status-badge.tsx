import type { BookingStatus } from '../../../domain/booking-status.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { statusBadge } from '../booking-views.ts';

/** The booking status label of docs/product.md §4, worded for the viewer ("Awaiting Host Confirmation" / "Awaiting Acceptance"). */
export function StatusBadge({ status, viewer }: { status: BookingStatus; viewer: 'guest' | 'host' }) {
  const { label, tone } = statusBadge(status, viewer);
  return <Badge variant={tone}>{label}</Badge>;
}
