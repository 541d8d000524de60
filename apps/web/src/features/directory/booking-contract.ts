import type { TAppointmentKind } from '@portal/shared/appointment';

/**
 * The booking route's contract (`POST /api/directory/doctors/{id}/bookings`), as agreed with the
 * booking API: its shared schemas replace these types once they are in `packages/shared`.
 */
export interface TBookingDependant {
  givenName: string;
  familyName: string;
  birthDate: string;
}

export interface TDirectoryBookingInput {
  start: string;
  duration?: number;
  kind: TAppointmentKind;
  reason: string;
  for?: 'self' | { dependant: TBookingDependant };
}

export interface TDirectoryBooking {
  _id: string;
  start: string;
  end: string;
  status: 'booked' | 'requested';
  kind: TAppointmentKind;
  practitionerName: string;
  requestExpiresAt: string | null;
}

export const BOOKING_REASON_MAX = 200;
