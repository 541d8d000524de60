import { http, type HttpHandler } from 'msw';
import { itemsOf, ZMyAccessEntry, ZMyAppointment, ZMyOccurrence } from '@portal/shared/my-health';
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
  TMyLink,
  TMyOccurrenceMark,
  TPatientAccess,
  TPractitionerCard,
  TRelationship,
} from '../features/my-health/api-types.ts';
import { answerAs, NO_STORE, refuseAs } from './fake-api-answers.ts';
import { FakeCorrections } from './fake-corrections.ts';
import { answerScreen, linkedRecordOf, type FakeLinkedRecord } from './fake-linked-records.ts';
import { json, recordedOf, type RecordedRequest } from './http.ts';

export { refuseAs } from './fake-api-answers.ts';
export type { FakeLinkedRecord } from './fake-linked-records.ts';

/**
 * The patient's end of the API in memory: a practitioner's invitations and the access they give
 * (`/api/records/patients/{id}/access|invitation`), the linked person's links and records
 * (`/api/me/…`), the practitioner's preview of them, and (through `corrections`) the correction
 * requests of both sides. Every answer goes through the shared schema the API's route answers
 * with (fake-api-answers.ts), so a screen tested here reads the fields the API sends and no
 * others.
 */

const ORIGIN = 'http://localhost:3000';

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
  /** Both sides' correction requests of the records. */
  readonly corrections: FakeCorrections;
  /** The answer of the next `POST /api/me/links` tries after this many in a minute: 429. */
  triesLeft = 10;
  practitioner: TPractitionerCard = { name: 'Dr. Lena Weber', practiceName: 'Praxis am Markt' };

  constructor(private readonly now: () => number = () => Date.now()) {
    this.corrections = new FakeCorrections(now, nextId);
  }

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
    this.records.set(link.patientId, linkedRecordOf(link, shown));
    return link;
  }

  /** One of the practitioner's patients, as the preview shows it (over empty lists). */
  addPreview(
    input: { patientId: string; patientName: string },
    shown: Partial<FakeLinkedRecord> = {},
  ): void {
    const link = { ...input, relationship: 'self' as const, practitioner: this.practitioner };
    this.previews.set(input.patientId, linkedRecordOf(link, shown));
  }

  private liveLinks() {
    return this.links.filter((link) => link.endedAt === null);
  }

  handle(request: RecordedRequest): Response {
    const { method, path } = request;
    const corrections = /^\/api\/records\/patients\/([^/]+)\/corrections(.*)$/.exec(path);
    if (corrections)
      return this.corrections.handlePractitioner(
        request,
        decodeURIComponent(corrections[1]!),
        corrections[2]!,
      );
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
      return answerScreen(shown, preview[2] ?? '') ?? refuseAs('ROUTE_NOT_FOUND');
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
    if (rest === 'corrections') return this.corrections.handleLinked(request, patientId);
    if (method === 'GET') {
      if (rest === 'access-log')
        return answerAs(itemsOf(ZMyAccessEntry), { items: shown.accessLog }, NO_STORE);
      const screen = answerScreen(shown, rest);
      if (screen) return screen;
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
