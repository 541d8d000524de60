import { describe, expect, it } from 'vitest';
import { allergiesNamedBy, wordsOf } from './allergy-match.ts';

const named = (medication: string, ...substances: string[]) =>
  allergiesNamedBy(
    medication,
    substances.map((substance) => ({ substance })),
  ).map((allergy) => allergy.substance);

describe('allergiesNamedBy', () => {
  it('matches whole words in any case', () => {
    expect(named('Penicillin V potassium 250 mg', 'penicillin')).toEqual(['penicillin']);
    expect(named('PENICILLIN', 'Penicillin')).toEqual(['Penicillin']);
    expect(named('co-trimoxazole (sulfamethoxazole)', 'Sulfamethoxazole')).toEqual([
      'Sulfamethoxazole',
    ]);
  });

  it('does not match part of a word', () => {
    expect(named('Amoxicillin', 'cillin', 'amox')).toEqual([]);
    expect(named('Aspirinate', 'aspirin')).toEqual([]);
  });

  it('matches a substance of several words only as consecutive words', () => {
    expect(named('Arachis (peanut oil) cream', 'Peanut oil')).toEqual(['Peanut oil']);
    expect(named('Peanut-free oil', 'peanut oil')).toEqual([]);
  });

  it('folds full-width and accented forms as Unicode compatibility does', () => {
    expect(named('ＩＢＵＰＲＯＦＥＮ 400', 'ibuprofen')).toEqual(['ibuprofen']);
    expect(named('Céfalexine', 'céfalexine')).toEqual(['céfalexine']);
  });

  it('never matches a substance without words, and treats regex syntax as text', () => {
    expect(named('.* anything', '.*', '(((', '')).toEqual([]);
    expect(named('a+b drug', 'a+b')).toEqual(['a+b']);
    expect(wordsOf('(a+)+$ [x]')).toEqual(['a', 'x']);
  });

  it('handles hostile input of the largest allowed size', () => {
    const hostile = `${'a '.repeat(99)}!`;
    expect(named(hostile, 'a '.repeat(100).trim())).toEqual([]);
    expect(named(hostile, 'a a a')).toEqual(['a a a']);
  });
});
