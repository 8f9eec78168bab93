/** The filter panel's field labels, shared by the fields and the placeholders shown while they load. */
export const FILTER_LABELS = {
  location: 'Location',
  maxPrice: 'Max Price',
  minWifi: 'Min Wi-Fi Speed (Mbps)',
  checkIn: 'Check in',
  duration: 'Duration',
  guests: 'Guests',
} as const;
