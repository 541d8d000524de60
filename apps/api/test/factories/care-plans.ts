import type { TCarePlan, TCarePlanInput } from '@portal/shared/care-plan';
import type { TestContext } from '../app.ts';

/** Test factories for care plans (imported by tests only). */

type Headers = Record<string, string>;

export const carePlanInput = (input: Partial<TCarePlanInput> = {}): TCarePlanInput => ({
  title: 'Type 2 diabetes follow-up',
  goals: [{ text: 'HbA1c below 7%', targetDate: '2026-12-31' }],
  activities: [
    { title: 'HbA1c test', start: '2026-01-15', rrule: 'FREQ=MONTHLY;INTERVAL=3' },
    { title: 'Eye examination', start: '2026-03-02', rrule: '' },
  ],
  ...input,
});

export const carePlansUrl = (patientId: string) => `/api/records/patients/${patientId}/care-plans`;

export function postCarePlan(
  ctx: Pick<TestContext, 'app'>,
  headers: Headers,
  patientId: string,
  input: Partial<TCarePlanInput> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: carePlansUrl(patientId),
    headers,
    payload: carePlanInput(input),
  });
}

export async function createCarePlan(...args: Parameters<typeof postCarePlan>): Promise<TCarePlan> {
  const response = await postCarePlan(...args);
  if (response.statusCode !== 201) throw new Error(`care plan failed: ${response.body}`);
  return response.json();
}
