import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  ZCorrection,
  ZCorrectionAcceptBody,
  ZCorrectionDeclineBody,
  ZCorrectionRequestBody,
  type TCorrection,
} from '@portal/shared/correction';
import { ERRORS, type TErrorCode } from '@portal/shared/errors';
import {
  itemsOf,
  ZMyAccessEntry,
  ZMyAllergy,
  ZMyAppointment,
  ZMyAppointments,
  ZMyCarePlan,
  ZMyImmunization,
  ZMyOccurrence,
  ZMyPatient,
  ZMyPrescription,
  ZMyVisit,
  ZMyVitalsPoint,
} from '@portal/shared/my-health';
import {
  ZCreatedInvitation,
  ZCreatedLink,
  ZInvitationPreview,
  ZMyLinks,
  ZPatientAccess,
} from '@portal/shared/patient-access';
import type {
  TInvitationInput,
  TItems,
  TLinkInput,
  TMyAccessEntry,
  TMyAllergy,
  TMyAppointments,
  TMyCarePlan,
  TMyImmunization,
  TMyLink,
  TMyOccurrenceMark,
  TMyPatient,
  TMyPrescription,
  TMyVisit,
  TMyVitalsPoint,
  TPatientAccess,
  TPractitionerCard,
  TRelationship,
} from '../features/my-health/api-types.ts';
import { invalid, json, recordedOf, type RecordedRequest } from './http.ts';

/**
 * The patient's end of the API in memory: a practitioner's invitations and the access they give
 * (`/api/records/patients/{id}/access|invitation`), and a linked person's side (`/api/me/…`).
 * Every answer goes through the shared schema the API's route answers with, as the API's
 * serializer does, so a screen tested here reads the fields the API sends and no others.
 * Refusals are the API's error body: `{ message, code }` from the shared table, plus what the
 * API adds at the top level (the practice's `phone` of a late cancellation).
 */

const ORIGIN = 'http://localhost:3000';
const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export const refuseAs = (code: TErrorCode, extra?: object) =>
  json({ ...extra, message: ERRORS[code].message, code }, { status: ERRORS[code].status });

/** The answer as the API's route sends it: through its response schema. */
const answerAs = <Schema extends z.ZodType>(
  schema: Schema,
  body: z.input<Schema>,
  init?: ResponseInit,
) => json(schema.parse(body), init);

interface FakeInvitation {
  code: string;
  patientId: string;
  patientName: string;
  relationship: TRelationship;
  email: string | null;
  expiresAt: string;
  createdAt: string;
  /** The record's date of birth, the check when the e-mail does not match. */
  birthDate: string;
  state: 'open' | 'used' | 'expired' | 'ended';
  tries: number;
}

/** What a linked person sees of one record; tests fill it. */
export interface FakeLinkedRecord {
  record: TMyPatient;
  appointments: TMyAppointments;
  visits: TMyVisit[];
  prescriptions: TMyPrescription[];
  allergies: TMyAllergy[];
  immunizations: TMyImmunization[];
  carePlans: TMyCarePlan[];
  vitals: TMyVitalsPoint[];
  /** "Who viewed my record", newest first. */
  accessLog: TMyAccessEntry[];
}

/** Both sides' lists of correction requests: `{ items }`, newest first. */
const ZCorrections = z.object({ items: z.array(ZCorrection) });

/**
 * The refusal of a request over the API's limit of open ones. Its code joins the shared table
 * with the API's routes; until then the fake sends the body the contract names.
 */
const correctionLimit = () =>
  json(
    { code: 'CORRECTION_LIMIT', message: 'Too many correction requests are open.' },
    { status: 409 },
  );

let sequence = 0;
const nextId = () => `5b2d7e10-0000-4000-8000-${(sequence += 1).toString(16).padStart(12, '0')}`;

export class FakeMyHealth {
  readonly access = new Map<string, TPatientAccess>();
  readonly invitations = new Map<string, FakeInvitation>();
  readonly links: (TMyLink & { endedAt: string | null })[] = [];
  readonly records = new Map<string, FakeLinkedRecord>();
  /** The practitioner's own patients as the preview shows them, by patient id. */
  readonly previews = new Map<string, FakeLinkedRecord>();
  /** Appointments the API refuses to cancel: inside the practice's cancellation notice. */
  readonly tooLateToCancel = new Set<string>();
  /** Every mark of a care-plan activity, as sent. */
  readonly marks: { path: string; body: unknown }[] = [];
  /** Each record's correction requests, newest first (both sides read and answer them). */
  readonly corrections = new Map<string, TCorrection[]>();
  /** The API refuses a new correction request: too many are open. */
  isCorrectionLimitReached = false;
  /** The linked person's name, as a request they send carries it. */
  requesterName = 'Amina Yusuf';
  /** The answer of the next `POST /api/me/links` tries after this many in a minute: 429. */
  triesLeft = 10;
  practitioner: TPractitionerCard = { name: 'Dr. Lena Weber', practiceName: 'Praxis am Markt' };

  constructor(private readonly now: () => number = () => Date.now()) {}

  accessOf(patientId: string): TPatientAccess {
    return this.access.get(patientId) ?? { state: 'not-invited', invitation: null, links: [] };
  }

  /** An invitation as the practitioner made it; its code is what the join page's address holds. */
  addInvitation(
    input: Partial<FakeInvitation> & { patientId: string; patientName?: string },
  ): FakeInvitation {
    const code = input.code ?? `code-${(sequence += 1)}-Zx8f3kQ1r9TqvB2m7YwLs5nD0aHcJ4uE`;
    const invitation: FakeInvitation = {
      code,
      patientName: 'Amina Yusuf',
      relationship: 'self',
      email: null,
      expiresAt: new Date(this.now() + 7 * 86_400_000).toISOString(),
      createdAt: new Date(this.now()).toISOString(),
      birthDate: '1990-04-12',
      state: 'open',
      tries: 0,
      ...input,
    };
    for (const other of this.invitations.values())
      if (other.patientId === invitation.patientId && other.state === 'open') other.state = 'ended';
    this.invitations.set(code, invitation);
    const access = this.accessOf(invitation.patientId);
    this.access.set(invitation.patientId, {
      ...access,
      state: access.state === 'linked' ? 'linked' : 'invited',
      invitation: {
        relationship: invitation.relationship,
        email: invitation.email,
        expiresAt: invitation.expiresAt,
        createdAt: invitation.createdAt,
      },
    });
    return invitation;
  }

  /** A live link of the signed-in person to a record, with what it shows (over empty lists). */
  addLink(
    input: Partial<TMyLink> & { patientName: string },
    shown: Partial<FakeLinkedRecord> = {},
  ): TMyLink {
    const link = {
      _id: nextId(),
      patientId: nextId(),
      relationship: 'self' as const,
      createdAt: new Date(this.now()).toISOString(),
      practitioner: this.practitioner,
      endedAt: null,
      ...input,
    };
    this.links.push(link);
    this.records.set(link.patientId, this.recordOf(link, shown));
    return link;
  }

  /** One of the practitioner's patients, as the preview shows it (over empty lists). */
  addPreview(
    input: { patientId: string; patientName: string },
    shown: Partial<FakeLinkedRecord> = {},
  ): void {
    const link = { ...input, relationship: 'self' as const, practitioner: this.practitioner };
    this.previews.set(input.patientId, this.recordOf(link, shown));
  }

  private recordOf(
    link: Pick<TMyLink, 'patientId' | 'patientName' | 'relationship' | 'practitioner'>,
    shown: Partial<FakeLinkedRecord>,
  ): FakeLinkedRecord {
    return {
      record: {
        patient: {
          _id: link.patientId,
          name: link.patientName,
          dateOfBirth: '1990-04-12',
          age: 36,
        },
        relationship: link.relationship,
        practice: {
          name: link.practitioner.practiceName,
          street: 'Marktstraße 4',
          postalCode: '10115',
          city: 'Berlin',
          country: 'DE',
          phone: '+49 30 1234567',
          cancellationNoticeHours: 24,
          practitionerName: link.practitioner.name,
          workingHours: {
            monday: { start: '08:00', end: '16:00' },
            tuesday: { start: '08:00', end: '16:00' },
            wednesday: null,
            thursday: { start: '08:00', end: '18:00' },
            friday: { start: '08:00', end: '12:00' },
            saturday: null,
            sunday: null,
          },
        },
      },
      appointments: { upcoming: [], past: [] },
      visits: [],
      prescriptions: [],
      allergies: [],
      immunizations: [],
      carePlans: [],
      vitals: [],
      accessLog: [],
      ...shown,
    };
  }

  /** A correction request of a record, as the linked person sent it (over `requested`). */
  addCorrection(patientId: string, input: Partial<TCorrection> = {}): TCorrection {
    const correction: TCorrection = {
      _id: nextId(),
      patientId,
      about: null,
      text: 'My date of birth is wrong.',
      status: 'requested',
      answer: '',
      requestedAt: new Date(this.now()).toISOString(),
      requestedByName: this.requesterName,
      answeredAt: null,
      ...input,
    };
    this.corrections.set(patientId, [correction, ...this.correctionsOf(patientId)]);
    return correction;
  }

  correctionsOf(patientId: string): TCorrection[] {
    return this.corrections.get(patientId) ?? [];
  }

  /** The practitioner's side: `GET …/corrections`, `POST …/{correctionId}/accept|decline`. */
  private handleCorrections(request: RecordedRequest, patientId: string, rest: string): Response {
    if (request.method === 'GET' && rest === '')
      return answerAs(ZCorrections, { items: this.correctionsOf(patientId) });
    const answer = /^\/([^/]+)\/(accept|decline)$/.exec(rest);
    if (request.method !== 'POST' || !answer) return refuseAs('ROUTE_NOT_FOUND');
    const correction = this.correctionsOf(patientId).find(
      (one) => one._id === decodeURIComponent(answer[1]!),
    );
    const isAccepting = answer[2] === 'accept';
    const parsed = isAccepting
      ? ZCorrectionAcceptBody.safeParse(request.body)
      : ZCorrectionDeclineBody.safeParse(request.body);
    if (!parsed.success) return invalid(parsed.error);
    if (!correction) return refuseAs('CORRECTION_NOT_FOUND');
    if (correction.status !== 'requested') return refuseAs('CORRECTION_ALREADY_ANSWERED');
    Object.assign(correction, {
      status: isAccepting ? 'accepted' : 'declined',
      answer: 'answer' in parsed.data ? parsed.data.answer : parsed.data.reason,
      answeredAt: new Date(this.now()).toISOString(),
    });
    return answerAs(ZCorrection, correction);
  }

  private liveLinks() {
    return this.links.filter((link) => link.endedAt === null);
  }

  handle(request: RecordedRequest): Response {
    const { method, path } = request;
    const corrections = /^\/api\/records\/patients\/([^/]+)\/corrections(.*)$/.exec(path);
    if (corrections)
      return this.handleCorrections(request, decodeURIComponent(corrections[1]!), corrections[2]!);
    const patient = /^\/api\/records\/patients\/([^/]+)\/(access|invitation)$/.exec(path);
    if (patient) {
      const patientId = decodeURIComponent(patient[1]!);
      if (method === 'GET' && patient[2] === 'access')
        return answerAs(ZPatientAccess, this.accessOf(patientId));
      if (method === 'POST' && patient[2] === 'invitation') {
        const body = request.body as TInvitationInput;
        const invitation = this.addInvitation({
          patientId,
          relationship: body.relationship,
          email: body.email ?? null,
        });
        return answerAs(
          ZCreatedInvitation,
          {
            code: invitation.code,
            url: `${ORIGIN}/join/${invitation.code}`,
            expiresAt: invitation.expiresAt,
          },
          { status: 201 },
        );
      }
      if (method === 'DELETE' && patient[2] === 'access') {
        const access = this.accessOf(patientId);
        const at = new Date(this.now()).toISOString();
        for (const invitation of this.invitations.values())
          if (invitation.patientId === patientId && invitation.state === 'open')
            invitation.state = 'ended';
        this.access.set(patientId, {
          state: access.links.length > 0 || access.invitation ? 'ended' : 'not-invited',
          invitation: null,
          links: access.links.map((link) => ({ ...link, endedAt: link.endedAt ?? at })),
        });
        return new Response(null, { status: 204 });
      }
    }
    const invitation = /^\/api\/me\/invitations\/([^/]+)$/.exec(path);
    if (invitation && method === 'GET') {
      const found = this.invitations.get(decodeURIComponent(invitation[1]!));
      const refusal = this.refusalOf(found);
      if (refusal || !found) return refusal ?? refuseAs('INVITATION_NOT_FOUND');
      return answerAs(ZInvitationPreview, {
        practitioner: this.practitioner,
        relationship: found.relationship,
        expiresAt: found.expiresAt,
        needsBirthDate: found.email === null,
      });
    }
    if (path === '/api/me/links' && method === 'POST') {
      if (this.triesLeft <= 0) return refuseAs('RATE_LIMITED');
      this.triesLeft -= 1;
      const body = request.body as TLinkInput;
      const found = this.invitations.get(body.code);
      const refusal = this.refusalOf(found);
      if (refusal || !found) return refusal ?? refuseAs('INVITATION_NOT_FOUND');
      if (found.email === null && body.birthDate !== found.birthDate) {
        found.tries += 1;
        if (found.tries >= 5) found.state = 'ended';
        return refuseAs('INVITATION_NOT_FOR_YOU');
      }
      found.state = 'used';
      const link = this.addLink({
        patientId: found.patientId,
        patientName: found.patientName,
        relationship: found.relationship,
      });
      return answerAs(
        ZCreatedLink,
        {
          _id: link._id,
          patientId: link.patientId,
          relationship: link.relationship,
          practitioner: link.practitioner,
        },
        { status: 201 },
      );
    }
    if (path === '/api/me/links' && method === 'GET') {
      const items: TItems<TMyLink> = {
        items: this.liveLinks().map(({ endedAt: _endedAt, ...link }) => link),
      };
      return answerAs(ZMyLinks, items);
    }
    const myLink = /^\/api\/me\/links\/([^/]+)$/.exec(path);
    if (myLink && method === 'DELETE') {
      const link = this.liveLinks().find((one) => one._id === decodeURIComponent(myLink[1]!));
      if (!link) return refuseAs('LINK_NOT_FOUND');
      link.endedAt = new Date(this.now()).toISOString();
      return new Response(null, { status: 204 });
    }
    const preview = /^\/api\/records\/patients\/([^/]+)\/patient-view(?:\/(.*))?$/.exec(path);
    if (preview && method === 'GET') {
      const shown = this.previews.get(decodeURIComponent(preview[1]!));
      if (!shown) return refuseAs('PATIENT_NOT_FOUND');
      return this.answerScreen(shown, preview[2] ?? '') ?? refuseAs('ROUTE_NOT_FOUND');
    }
    const mine = /^\/api\/me\/patients\/([^/]+)(?:\/(.*))?$/.exec(path);
    if (mine)
      return this.handleRecord(method, decodeURIComponent(mine[1]!), mine[2] ?? '', request);
    return refuseAs('ROUTE_NOT_FOUND');
  }

  private refusalOf(found: FakeInvitation | undefined): Response | undefined {
    if (!found || found.state === 'ended') return refuseAs('INVITATION_NOT_FOUND');
    if (found.state === 'used') return refuseAs('INVITATION_USED');
    if (found.state === 'expired' || Date.parse(found.expiresAt) <= this.now())
      return refuseAs('INVITATION_EXPIRED');
    return undefined;
  }

  private handleRecord(
    method: string,
    patientId: string,
    rest: string,
    request: RecordedRequest,
  ): Response {
    const isLinked = this.liveLinks().some((link) => link.patientId === patientId);
    const shown = this.records.get(patientId);
    if (!isLinked || !shown) return refuseAs('LINK_NOT_FOUND');
    if (method === 'GET') {
      if (rest === 'access-log')
        return answerAs(itemsOf(ZMyAccessEntry), { items: shown.accessLog }, NO_STORE);
      if (rest === 'corrections')
        return answerAs(ZCorrections, { items: this.correctionsOf(patientId) }, NO_STORE);
      const screen = this.answerScreen(shown, rest);
      if (screen) return screen;
    }
    if (method === 'POST' && rest === 'corrections') {
      const parsed = ZCorrectionRequestBody.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      if (this.isCorrectionLimitReached) return correctionLimit();
      const correction = this.addCorrection(patientId, parsed.data);
      return answerAs(ZCorrection, correction, { status: 201 });
    }
    if (rest === 'record')
      return json(
        { resourceType: 'Bundle', type: 'collection', entry: [] },
        { headers: { 'Content-Type': 'application/fhir+json' } },
      );
    const cancel = /^appointments\/([^/]+)\/cancel$/.exec(rest);
    if (method === 'POST' && cancel) {
      const appointment = shown.appointments.upcoming.find((one) => one._id === cancel[1]);
      if (!appointment) return refuseAs('APPOINTMENT_NOT_FOUND');
      if (this.tooLateToCancel.has(appointment._id))
        return refuseAs('CANCELLATION_TOO_LATE', { phone: shown.record.practice.phone });
      appointment.status = 'cancelled';
      return answerAs(ZMyAppointment, appointment);
    }
    const mark = /^care-plans\/([^/]+)\/activities\/([^/]+)\/occurrences\/([^/]+)$/.exec(rest);
    if (method === 'POST' && mark) {
      const activity = shown.carePlans
        .find((plan) => plan._id === mark[1])
        ?.activities.find((one) => one._id === mark[2]);
      if (!activity?.todayOccurrence) return refuseAs('OCCURRENCE_NOT_FOUND');
      const { status } = request.body as TMyOccurrenceMark;
      activity.todayOccurrence = { ...activity.todayOccurrence, state: status };
      this.marks.push({ path: request.path, body: request.body });
      return answerAs(ZMyOccurrence, activity.todayOccurrence);
    }
    return refuseAs('ROUTE_NOT_FOUND');
  }

  /** A screen's answer, the same for the linked person and the practitioner's preview. */
  private answerScreen(shown: FakeLinkedRecord, rest: string): Response | undefined {
    if (rest === '') return answerAs(ZMyPatient, shown.record, NO_STORE);
    if (rest === 'appointments') return answerAs(ZMyAppointments, shown.appointments, NO_STORE);
    const lists: Record<string, [z.ZodType, unknown[]]> = {
      visits: [ZMyVisit, shown.visits],
      vitals: [ZMyVitalsPoint, shown.vitals],
      prescriptions: [ZMyPrescription, shown.prescriptions],
      allergies: [ZMyAllergy, shown.allergies],
      immunizations: [ZMyImmunization, shown.immunizations],
      'care-plans': [ZMyCarePlan, shown.carePlans],
    };
    const list = lists[rest];
    return list && answerAs(itemsOf(list[0]), { items: list[1] }, NO_STORE);
  }
}

export function myHealthHandlers(fake: FakeMyHealth): HttpHandler[] {
  const answer = async ({ request }: { request: Request }) =>
    fake.handle(await recordedOf(request));
  return [
    http.all('/api/records/patients/:id/access', answer),
    http.post('/api/records/patients/:id/invitation', answer),
    http.get('/api/records/patients/:id/corrections', answer),
    http.post('/api/records/patients/:id/corrections/:correctionId/:action', answer),
    http.get('/api/records/patients/:id/patient-view', answer),
    http.get('/api/records/patients/:id/patient-view/*', answer),
    http.all('/api/me/*', answer),
  ];
}
