import type { HttpHandler } from 'msw';
import {
  APPOINTMENT_LIMITS,
  LIVE_APPOINTMENT_STATUSES,
  ZAppointmentInput,
  type TAppointment,
  type TAppointmentData,
  type TAppointmentInput,
} from '@portal/shared/appointment';
import type { TScheduleSettings } from '@portal/shared/profile';
import { fromWallTime, minutesOfTime, toWallTime, weekdayOf } from '@portal/shared/zoned-time';
import { etagOf } from '../lib/api/etag.ts';
import { fakeSequence, json, routesTo, type RecordedRequest } from './http.ts';

/**
 * The appointments API in memory, served by `appointmentsHandlers`: the agenda range
 * (`from`, `to`, `patientId`), free slots from the practitioner's working hours in their time
 * zone, 409 APPOINTMENT_CONFLICT naming the clashing appointment, ETag + If-Match on PUT and
 * cancel (409 APPOINTMENT_CHANGED). Patients and the practitioner's schedule are the fake API's
 * own (its patients and its signed-in user), so every screen sees one state.
 */

const { nextId, nextTime: nextUpdatedAt } = fakeSequence('a9b8c7d6', '2026-01-01T00:00:00.000Z');

const isLive = (status: string) =>
  (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status);

export class FakeAppointments {
  readonly appointments: TAppointment[] = [];

  constructor(
    private readonly context: {
      /** The name of one of the practitioner's patients. */
      patientName: (id: string) => string | undefined;
      /** The signed-in practitioner's schedule settings, as the profile holds them now. */
      schedule: () => TScheduleSettings;
    },
  ) {}

  /** Stores an appointment as the API would answer it (kind in person, 30 minutes unless given). */
  add(input: Partial<TAppointmentInput> & Pick<TAppointmentInput, 'patientId' | 'start'>) {
    const data = ZAppointmentInput.parse({ kind: 'in-person', duration: 30, ...input });
    const appointment = this.toAppointment(nextId(), data);
    this.appointments.push(appointment);
    return appointment;
  }

  private toAppointment(id: string, data: TAppointmentData): TAppointment {
    const start = new Date(data.start);
    const { timeZone } = this.context.schedule();
    const wall = toWallTime(start, timeZone);
    return {
      ...data,
      _id: id,
      patientName: this.context.patientName(data.patientId) ?? '',
      start: start.toISOString(),
      end: new Date(start.getTime() + data.duration * 60_000).toISOString(),
      localStart: `${wall.date}T${wall.time}`,
      timeZone,
      requestExpiresAt: null,
      cancelReason: null,
      declineMessage: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: nextUpdatedAt(),
    };
  }

  /** One practitioner: any live appointment overlapping [start, end) clashes. */
  private clashWith(start: number, end: number, except?: string) {
    return this.appointments.find(
      (a) =>
        a._id !== except &&
        isLive(a.status) &&
        Date.parse(a.start) < end &&
        start < Date.parse(a.end),
    );
  }

  /** The live appointment (not `except`) that `data` would overlap; none if `data` is not live. */
  private clashOf(data: TAppointmentData, except?: string) {
    if (!isLive(data.status)) return undefined;
    const start = Date.parse(data.start);
    return this.clashWith(start, start + data.duration * 60_000, except);
  }

  private conflict(clash: TAppointment): Response {
    return json(
      {
        message: 'This time overlaps another live appointment of yours or of this patient.',
        code: 'APPOINTMENT_CONFLICT',
        conflict: {
          appointmentId: clash._id,
          start: clash.start,
          end: clash.end,
          localStart: clash.localStart,
          timeZone: clash.timeZone,
          patientId: clash.patientId,
          patientName: clash.patientName,
        },
      },
      { status: 409 },
    );
  }

  private freeSlots(date: string, duration: number) {
    const { timeZone, workingHours } = this.context.schedule();
    const hours = workingHours[weekdayOf(date)];
    const slots = [];
    const step = APPOINTMENT_LIMITS.slotStepMinutes;
    const last = hours ? minutesOfTime(hours.end) - duration : -1;
    for (let m = hours ? minutesOfTime(hours.start) : 0; m <= last; m += step) {
      const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const start = fromWallTime({ date, time }, timeZone);
      const end = start.getTime() + duration * 60_000;
      if (this.clashWith(start.getTime(), end)) continue;
      slots.push({ start: start.toISOString(), end: new Date(end).toISOString(), localTime: time });
    }
    return { date, timeZone, duration, slots };
  }

  /** The body checked as the API checks it: a 400, or a 404 for a patient not of this owner. */
  private parse(body: unknown): { data: TAppointmentData } | { refusal: Response } {
    const parsed = ZAppointmentInput.safeParse(body);
    if (!parsed.success)
      return { refusal: json({ message: 'Invalid', code: 'VALIDATION_FAILED' }, { status: 400 }) };
    if (this.context.patientName(parsed.data.patientId) === undefined)
      return {
        refusal: json({ message: 'Patient not found', code: 'PATIENT_NOT_FOUND' }, { status: 404 }),
      };
    return { data: parsed.data };
  }

  handle({ method, path, search, headers, body }: RecordedRequest): Response {
    if (method === 'GET' && path === '/api/appointments/free-slots')
      return json(this.freeSlots(search.get('date')!, Number(search.get('duration'))));
    if (method === 'GET' && path === '/api/appointments') {
      const [from, to] = [Date.parse(search.get('from')!), Date.parse(search.get('to')!)];
      const patientId = search.get('patientId');
      const found = this.appointments
        .filter((a) => Date.parse(a.start) < to && Date.parse(a.end) > from)
        .filter((a) => !patientId || a.patientId === patientId)
        .sort((a, b) => a.start.localeCompare(b.start));
      return json(found, { headers: { 'X-Total-Count': String(found.length) } });
    }
    if (method === 'POST' && path === '/api/appointments') {
      const parsed = this.parse(body);
      if ('refusal' in parsed) return parsed.refusal;
      const clash = this.clashOf(parsed.data);
      if (clash) return this.conflict(clash);
      const appointment = this.toAppointment(nextId(), parsed.data);
      this.appointments.push(appointment);
      return json(appointment, { status: 201, headers: { ETag: etagOf(appointment) } });
    }
    const one = /^\/api\/appointments\/([^/]+)(\/cancel)?$/.exec(path);
    const index = one ? this.appointments.findIndex((a) => a._id === one[1]) : -1;
    const current = this.appointments[index];
    if (!one || !current)
      return json(
        { message: 'Appointment not found', code: 'APPOINTMENT_NOT_FOUND' },
        { status: 404 },
      );
    if (method === 'GET') return json(current, { headers: { ETag: etagOf(current) } });
    const ifMatch = headers.get('If-Match');
    if (ifMatch !== null && ifMatch !== etagOf(current))
      return json(
        { message: 'Changed', code: 'APPOINTMENT_CHANGED' },
        { status: 409, headers: { ETag: etagOf(current) } },
      );
    if (method === 'POST' && one[2]) {
      if (current.status === 'cancelled') return json(current);
      const cancelled = this.toAppointment(current._id, { ...current, status: 'cancelled' });
      this.appointments[index] = cancelled;
      return json(cancelled, { headers: { ETag: etagOf(cancelled) } });
    }
    const parsed = this.parse(body);
    if ('refusal' in parsed) return parsed.refusal;
    const clash = this.clashOf(parsed.data, current._id);
    if (clash) return this.conflict(clash);
    const saved = this.toAppointment(current._id, parsed.data);
    this.appointments[index] = saved;
    return json(saved, { headers: { ETag: etagOf(saved) } });
  }
}

/** The appointments routes, each answered by `appointments`. */
export function appointmentsHandlers(appointments: FakeAppointments): HttpHandler[] {
  return routesTo(appointments, [
    ['get', '/api/appointments'],
    ['post', '/api/appointments'],
    ['get', '/api/appointments/free-slots'],
    ['get', '/api/appointments/:id'],
    ['put', '/api/appointments/:id'],
    ['post', '/api/appointments/:id/cancel'],
  ]);
}
