import { describe, expect, it } from 'vitest';
import { findMatches, snippetOf } from './search.snippets.ts';

describe('findMatches', () => {
  it('finds every occurrence, any case, as offsets of the text as written', () => {
    expect(findMatches('Cough, COUGH and cough', 'cough')).toEqual([
      [0, 5],
      [7, 12],
      [17, 22],
    ]);
  });

  it('keeps offsets right when lower-casing changes a length (İ is two code units lower-cased)', () => {
    const text = 'İstanbul flu';
    const [range] = findMatches(text, 'flu');
    expect(text.slice(...range!)).toBe('flu');
    expect(findMatches('İzmir', 'i̇z').map(([from, to]) => 'İzmir'.slice(from, to))).toEqual(['İz']);
  });

  it('never splits a character outside the Basic Multilingual Plane', () => {
    const text = `${'🩺'.repeat(80)} asthma ${'🩺'.repeat(80)}`;
    const { segments } = snippetOf([['plan', text]], 'asthma');
    const joined = segments.map((segment) => segment.text).join('');
    expect(joined).toBe(joined.normalize());
    expect(() => encodeURIComponent(joined)).not.toThrow();
  });
});

describe('snippetOf', () => {
  it('marks the matches of the first field that has one', () => {
    expect(
      snippetOf(
        [
          ['reason', 'Review'],
          ['plan', 'Inhaler twice daily; inhaler spacer'],
        ],
        'inhaler',
      ),
    ).toEqual({
      field: 'plan',
      segments: [
        { text: 'Inhaler', isMatch: true },
        { text: ' twice daily; ', isMatch: false },
        { text: 'inhaler', isMatch: true },
        { text: ' spacer', isMatch: false },
      ],
    });
  });

  it('shows the first non-empty field unmarked when the match spans two fields', () => {
    expect(
      snippetOf(
        [
          ['reason', ''],
          ['subjective', 'Dry cough'],
          ['objective', 'clear chest'],
        ],
        'cough clear',
      ),
    ).toEqual({ field: 'subjective', segments: [{ text: 'Dry cough', isMatch: false }] });
  });
});
