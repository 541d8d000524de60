import type { TAppointment } from '@portal/shared/appointment';
import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import { addDays, fromWallTime, toWallTime } from '@portal/shared/zoned-time';
import { AppError } from '../../lib/app-error.ts';
import type { AppointmentService } from '../appointments/appointments.service.ts';
import type { PatientService } from '../patients/patients.service.ts';
import type { Actor } from '../audit/owned-records.ts';
import type { VoicePatient } from './voice-patients.repository.ts';
import { isLocalTime, type TVoiceFunctionArgs } from './voice-agent.definition.ts';
import {
  spokenDate,
  spokenTime,
  VOICE_SENTENCES,
  type TVoiceLanguage,
} from './voice-functions.messages.ts';
import type { Clock } from '../../lib/clock.ts';

/** What a function answers the agent: one sentence to say, and data to decide with. */
export interface VoiceAnswer {
  message: string;
  data: Record<string, unknown>;
}

/** Who the call acts for, and how they hear times. */
export interface VoiceCaller {
  actor: { actorId: string; requestId: string };
  language: TVoiceLanguage;
  timeZone: string;
}

const DAY_MS = 86_400_000;
/** How far ahead find_patient looks for a patient's next appointment (the agenda's range cap). */
const NEXT_APPOINTMENT_DAYS = 62;
const AGENDA_LIMIT = 50;

const appointmentData = (appointment: TAppointment) => ({
  appointment_id: appointment._id,
  patient_id: appointment.patientId,
  patient_name: appointment.patientName,
  start: appointment.start,
  local_start: appointment.localStart,
  duration: appointment.duration,
  kind: appointment.kind,
  status: appointment.status,
});

/** A code the service answers with (not found, refused) turned into the sentence the agent says. */
function isCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof AppError && codes.includes(error.code);
}

export function createVoiceActions({
  patients,
  appointments,
  findPatientsByName,
  now,
}: {
  patients: PatientService;
  appointments: AppointmentService;
  /** find_patient's search: by name only (voice-patients.repository.ts). */
  findPatientsByName: (input: {
    actor: Actor;
    name: string;
    limit: number;
  }) => Promise<VoicePatient[]>;
  now: Clock;
}) {
  const say = (caller: VoiceCaller) => VOICE_SENTENCES[caller.language];
  const when = (caller: VoiceCaller, instant: string | Date) =>
    spokenTime(instant, caller.language, caller.timeZone);

  /** The agent's start: a wall-clock time in the practitioner's zone, or an instant. */
  const startInstant = (caller: VoiceCaller, start: string) =>
    isLocalTime(start)
      ? fromWallTime({ date: start.slice(0, 10), time: start.slice(11, 16) }, caller.timeZone)
      : new Date(start);

  /** The double-booking rule's answer: the day's free slot nearest to the asked time. */
  async function offerNearestSlot(caller: VoiceCaller, start: Date, duration: number) {
    const date = toWallTime(start, caller.timeZone).date;
    const free = await appointments.findFreeSlots({ actor: caller.actor, date, duration });
    const distance = (slot: { start: string }) =>
      Math.abs(Date.parse(slot.start) - start.getTime());
    const nearest = [...free.slots].sort((a, b) => distance(a) - distance(b))[0];
    if (!nearest)
      return {
        message: say(caller).conflictNoSlot({}),
        data: { status: 'conflict', nearest_free_slot: null },
      };
    return {
      message: say(caller).conflictNearest({ slot: when(caller, nearest.start) }),
      data: {
        status: 'conflict',
        nearest_free_slot: {
          start: nearest.start,
          local_start: `${date}T${nearest.localTime}`,
          duration,
        },
      },
    };
  }

  return {
    async get_agenda(caller: VoiceCaller, args: TVoiceFunctionArgs<'get_agenda'>) {
      const date = args.date ?? toWallTime(now(), caller.timeZone).date;
      const from = fromWallTime({ date, time: '00:00' }, caller.timeZone);
      const to = fromWallTime({ date: addDays(date, 1), time: '00:00' }, caller.timeZone);
      const page = await appointments.findAppointments({
        actor: caller.actor,
        from: from.toISOString(),
        to: to.toISOString(),
        limit: AGENDA_LIMIT,
      });
      const items = page.items.filter((item) => item.status !== 'cancelled');
      const spoken = spokenDate(from, caller.language, caller.timeZone);
      const values = { count: items.length, date: spoken };
      return {
        message: items.length === 0 ? say(caller).agendaEmpty(values) : say(caller).agenda(values),
        data: { date, time_zone: caller.timeZone, appointments: items.map(appointmentData) },
      };
    },

    async find_patient(caller: VoiceCaller, args: TVoiceFunctionArgs<'find_patient'>) {
      const found = await findPatientsByName({ actor: caller.actor, name: args.name, limit: 5 });
      const from = now();
      const to = new Date(from.getTime() + NEXT_APPOINTMENT_DAYS * DAY_MS);
      const matches = [];
      // No diagnosis, address or contact details: the name, the age and the next appointment.
      for (const patient of found) {
        const next = await appointments.findAppointments({
          actor: caller.actor,
          from: from.toISOString(),
          to: to.toISOString(),
          patientId: patient.id,
          limit: 5,
        });
        const upcoming = next.items.find((item) => item.status === 'booked');
        matches.push({
          patient_id: patient.id,
          name: patient.name,
          age: patient.age,
          next_appointment: upcoming ? appointmentData(upcoming) : null,
        });
      }
      const values = { count: matches.length, name: args.name };
      return {
        message:
          matches.length === 0
            ? say(caller).patientsNone(values)
            : say(caller).patientsFound(values),
        data: { patients: matches },
      };
    },

    async book_appointment(caller: VoiceCaller, args: TVoiceFunctionArgs<'book_appointment'>) {
      let patientName: string;
      try {
        patientName = (await patients.getPatient({ actor: caller.actor, id: args.patient_id }))
          .name;
      } catch (error) {
        if (!isCode(error, 'PATIENT_NOT_FOUND')) throw error;
        return { message: say(caller).patientNotFound({}), data: { status: 'not_found' } };
      }
      const start = startInstant(caller, args.start);
      const summary = {
        patient_id: args.patient_id,
        patient_name: patientName,
        start: start.toISOString(),
        local_start: `${toWallTime(start, caller.timeZone).date}T${toWallTime(start, caller.timeZone).time}`,
        duration: args.duration,
        kind: args.kind,
      };
      const values = { patient: patientName, when: when(caller, start), duration: args.duration };
      if (!args.confirmed)
        return {
          message: say(caller).bookReadBack(values),
          data: { status: 'needs_confirmation', booking: summary },
        };
      try {
        const booked = await appointments.createAppointment({
          actor: caller.actor,
          input: {
            patientId: args.patient_id,
            start: start.toISOString(),
            duration: args.duration,
            kind: args.kind,
            reason: args.reason,
            note: '',
            status: 'booked',
          },
        });
        return {
          message: say(caller).booked(values),
          data: { status: 'booked', appointment: appointmentData(booked) },
        };
      } catch (error) {
        if (isCode(error, 'PATIENT_NOT_FOUND'))
          return {
            message: say(caller).patientNotFound({}),
            data: { status: 'not_found' },
          };
        if (!isCode(error, 'APPOINTMENT_CONFLICT')) throw error;
        return offerNearestSlot(caller, start, args.duration);
      }
    },

    async cancel_appointment(caller: VoiceCaller, args: TVoiceFunctionArgs<'cancel_appointment'>) {
      let appointment: TAppointment;
      try {
        appointment = await appointments.getAppointment({
          actor: caller.actor,
          id: args.appointment_id,
        });
      } catch (error) {
        if (!isCode(error, 'APPOINTMENT_NOT_FOUND')) throw error;
        return {
          message: say(caller).appointmentNotFound({}),
          data: { status: 'not_found' },
        };
      }
      const values = { patient: appointment.patientName, when: when(caller, appointment.start) };
      if (!args.confirmed)
        return {
          message: say(caller).cancelReadBack(values),
          data: { status: 'needs_confirmation', appointment: appointmentData(appointment) },
        };
      const cancelled = await appointments.cancelAppointment({
        actor: caller.actor,
        id: args.appointment_id,
      });
      return {
        message: say(caller).cancelled(values),
        data: { status: 'cancelled', appointment: appointmentData(cancelled) },
      };
    },
  };
}

/** The practitioner's zone as the appointments module reads it (UTC until the browser sent one). */
export const callerTimeZone = (timeZone: string | null) =>
  timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
