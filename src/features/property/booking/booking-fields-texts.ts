/** The booking card's field labels (shared by the fields and their placeholders). */
export const BOOKING_FIELD_LABELS = { room: 'Room', checkIn: 'Check-in', duration: 'Duration' } as const;

/** The check-in field's hint, before and after a room is chosen (shared by the field and its placeholder). */
export const CHECK_IN_HINT = {
  noRoom: 'Choose a room to see its booked days.',
  roomChosen: 'Greyed-out days are already booked for this room.',
} as const;
