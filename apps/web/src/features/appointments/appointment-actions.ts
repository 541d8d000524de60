import type { TAppointment, TAppointmentStatus } from '@portal/shared/appointment';

/** A status change offered on an appointment of the agenda. */
export type StatusAction = 'arrived' | 'fulfilled' | 'no-show';

/**
 * What can happen next, by status: a booked patient arrives or does not come; one who arrived
 * has been seen (fulfilled). Cancelled, no-show and fulfilled appointments are history.
 */
const NEXT: Record<TAppointmentStatus, readonly StatusAction[]> = {
  // A request made online is answered by confirming or declining it, not by a status change.
  requested: [],
  booked: ['arrived', 'no-show'],
  arrived: ['fulfilled'],
  fulfilled: [],
  cancelled: [],
  'no-show': [],
};

export function statusActionsOf(
  appointment: Pick<TAppointment, 'status'>,
): readonly StatusAction[] {
  return NEXT[appointment.status];
}

/** Booked or arrived appointments can still be moved or called off. */
export function isOpen(appointment: Pick<TAppointment, 'status'>): boolean {
  return appointment.status === 'booked' || appointment.status === 'arrived';
}
