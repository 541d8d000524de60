import { describe, expect, it } from 'vitest';
import { referenceFlagOf } from './vitals.ts';

describe('referenceFlagOf', () => {
  it('flags 142/91 mmHg high and 88/58 low, and leaves the range’s own ends unflagged', () => {
    expect(referenceFlagOf('systolic', 142)).toBe('high');
    expect(referenceFlagOf('diastolic', 91)).toBe('high');
    expect(referenceFlagOf('systolic', 88)).toBe('low');
    expect(referenceFlagOf('diastolic', 58)).toBe('low');
    expect(referenceFlagOf('systolic', 139)).toBeNull();
    expect(referenceFlagOf('systolic', 90)).toBeNull();
    expect(referenceFlagOf('diastolic', 89)).toBeNull();
    expect(referenceFlagOf('diastolic', 60)).toBeNull();
  });

  it('flags heart rate, temperature and oxygen saturation by their adult ranges', () => {
    expect(referenceFlagOf('heartRate', 59)).toBe('low');
    expect(referenceFlagOf('heartRate', 101)).toBe('high');
    expect(referenceFlagOf('temperature', 37.3)).toBe('high');
    expect(referenceFlagOf('temperature', 36.0)).toBe('low');
    expect(referenceFlagOf('temperature', 36.6)).toBeNull();
    expect(referenceFlagOf('oxygenSaturation', 94)).toBe('low');
    expect(referenceFlagOf('oxygenSaturation', 100)).toBeNull();
  });

  it('flags nothing for a sign without a range (weight, height)', () => {
    expect(referenceFlagOf('weight', 250)).toBeNull();
    expect(referenceFlagOf('height', 30)).toBeNull();
  });
});
