import { expect } from 'vitest';
import type { TCorrection, TCorrectionRequestBody } from '@portal/shared/correction';
import type { AuthHeaders, TestContext } from '../../../test/app.ts';

/** Test factories of correction requests (imported by tests only). */

export const myCorrectionsUrl = (patientId: string) => `/api/me/patients/${patientId}/corrections`;
export const correctionsUrl = (patientId: string, ...rest: string[]) =>
  [`/api/records/patients/${patientId}/corrections`, ...rest].join('/');

export function correctionsKit(ctx: TestContext) {
  const ask = (headers: AuthHeaders, patientId: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: myCorrectionsUrl(patientId),
      headers,
      payload: payload as object,
    });
  return {
    ask,
    /** A request that must succeed: the stored request. */
    async asked(
      headers: AuthHeaders,
      patientId: string,
      body: Partial<TCorrectionRequestBody> = {},
    ): Promise<TCorrection> {
      const response = await ask(headers, patientId, {
        about: null,
        text: 'My date of birth is 3 May 1990, not 5 March.',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    answer: (
      headers: AuthHeaders,
      patientId: string,
      correctionId: string,
      verb: 'accept' | 'decline',
      payload: unknown,
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: correctionsUrl(patientId, correctionId, verb),
        headers,
        payload: payload as object,
      }),
    /** Every stored request, whoever's: a refusal must leave the table as it was. */
    async storedCount(): Promise<number> {
      const { rows } = await ctx.database.pool.query<{ n: number }>(
        'select count(*)::int as n from patient_corrections',
      );
      return rows[0]!.n;
    },
  };
}
