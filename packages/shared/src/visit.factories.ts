import type { TVisitInput } from './visit.ts';

/**
 * The one test factory of a valid visit, shared by the API's and the web's tests (imported by
 * tests only): every vital measured, notes in each SOAP section.
 */
export function visitInput(overrides: Partial<TVisitInput> = {}): TVisitInput {
  return {
    occurredAt: '2026-03-02T09:00:00.000Z',
    reason: 'Asthma review',
    subjective: 'Wheezing at night for two weeks.',
    objective: 'Scattered expiratory wheeze.',
    assessment: 'Asthma, partly controlled.',
    plan: 'Step up inhaled steroid; review in four weeks.',
    systolic: 128,
    diastolic: 82,
    heartRate: 76,
    temperature: 36.8,
    weight: 72.5,
    height: 170,
    oxygenSaturation: 97,
    appointmentId: null,
    ...overrides,
  };
}
