import type { DbAndClock } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { createAgenda } from './appointments.agenda.ts';
import { createBooking } from './appointments.booking.ts';
import { createCancellation } from './appointments.cancellation.ts';
import { createClosing } from './appointments.closing.ts';
import { createFreeSlotFinder } from './appointments.free-slots.ts';
import { createRefusals } from './appointments.refusals.ts';
import { createRequests } from './appointments.requests.ts';

export type { Actor } from './appointments.refusals.ts';

/**
 * The appointments' rules, composed of one part per job: reading the agenda, booking and
 * rescheduling (with the conflict rule), cancelling, closing by a visit, free slots, and the
 * answers to online booking requests. They
 * share the audit trail and its refusals. They keep no state beyond the database, so the visits'
 * plugin and the voice functions each create their own rather than share the appointments'.
 */
export function createAppointmentService({ db, now = systemClock }: DbAndClock) {
  const refusals = createRefusals(db);
  return {
    ...createAgenda({ db, refusals }),
    ...createBooking({ db, refusals }),
    ...createCancellation({ db, refusals }),
    ...createClosing({ db, refusals }),
    ...createFreeSlotFinder({ db, now }),
    ...createRequests({ db, refusals, now }),
    recordInvalidAttempt: refusals.recordInvalidAttempt,
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
