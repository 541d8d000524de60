import { describe, expect, it } from 'vitest';
import { chartPath } from './chart-address.ts';

describe('chartPath', () => {
  it('is the chart, a section of it, an item in it, or its visit form for an appointment', () => {
    expect(chartPath('p 1')).toBe('/records/patients/p%201');
    expect(chartPath('p1', { section: 'visits' })).toBe('/records/patients/p1#visits');
    expect(chartPath('p1', { anchor: 'care-plan-c1' })).toBe('/records/patients/p1#care-plan-c1');
    expect(chartPath('p1', { section: 'visits', startVisitFor: 'a&1' })).toBe(
      '/records/patients/p1?startVisit=a%261#visits',
    );
  });
});
