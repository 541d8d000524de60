import { z } from 'zod';
import {
  ZCorrection,
  ZCorrectionAcceptBody,
  ZCorrectionDeclineBody,
  ZCorrectionRequestBody,
  type TCorrection,
} from '@portal/shared/correction';
import { answerAs, NO_STORE, refuseAs } from './fake-api-answers.ts';
import { invalid, type RecordedRequest } from './http.ts';

/** Both sides' lists of correction requests: `{ items }`, newest first. */
const ZCorrections = z.object({ items: z.array(ZCorrection) });

/**
 * Correction requests in memory: the linked person's `…/me/patients/{id}/corrections` and the
 * practitioner's `…/records/patients/{id}/corrections[/{correctionId}/accept|decline]`. Who may
 * reach a record is the caller's concern (the link gate, the practitioner's patients).
 */
export class FakeCorrections {
  /** Each record's requests, newest first. */
  readonly byPatient = new Map<string, TCorrection[]>();
  /** The API refuses a new request: too many are open. */
  isLimitReached = false;
  /** The linked person's name, as a request they send carries it. */
  requesterName = 'Amina Yusuf';

  constructor(
    private readonly now: () => number,
    private readonly nextId: () => string,
  ) {}

  /** A request of a record, as the linked person sent it (over `requested`). */
  add(patientId: string, input: Partial<TCorrection> = {}): TCorrection {
    const correction: TCorrection = {
      _id: this.nextId(),
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
    this.byPatient.set(patientId, [correction, ...this.of(patientId)]);
    return correction;
  }

  of(patientId: string): TCorrection[] {
    return this.byPatient.get(patientId) ?? [];
  }

  /** The linked person's side, once past the link gate: list, or ask. */
  handleLinked(request: RecordedRequest, patientId: string): Response {
    if (request.method === 'GET')
      return answerAs(ZCorrections, { items: this.of(patientId) }, NO_STORE);
    if (request.method !== 'POST') return refuseAs('ROUTE_NOT_FOUND');
    const parsed = ZCorrectionRequestBody.safeParse(request.body);
    if (!parsed.success) return invalid(parsed.error);
    if (this.isLimitReached) return refuseAs('CORRECTION_LIMIT');
    return answerAs(ZCorrection, this.add(patientId, parsed.data), { status: 201 });
  }

  /** The practitioner's side: `GET …/corrections`, `POST …/{correctionId}/accept|decline`. */
  handlePractitioner(request: RecordedRequest, patientId: string, rest: string): Response {
    if (request.method === 'GET' && rest === '')
      return answerAs(ZCorrections, { items: this.of(patientId) });
    const answer = /^\/([^/]+)\/(accept|decline)$/.exec(rest);
    if (request.method !== 'POST' || !answer) return refuseAs('ROUTE_NOT_FOUND');
    const correction = this.of(patientId).find((one) => one._id === decodeURIComponent(answer[1]!));
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
}
