import { describe, expect, it } from 'vitest';
import { validateJson, type JsonSchema } from './json-schema.ts';

/** The fuzz suite's own validator must refuse what does not match, or its checks mean nothing. */

const user: JsonSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    age: { type: ['integer', 'null'], minimum: 0, maximum: 150 },
    gender: { type: 'string', enum: ['male', 'female'] },
    phone: { type: 'string', pattern: '^\\d{10}$' },
    tags: { type: 'array', items: { type: 'string', maxLength: 3 } },
    extra: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} },
    either: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] },
  },
  required: ['_id', 'age'],
  additionalProperties: false,
};
const valid = {
  _id: '5b3a1f1e-8c4d-4a7e-9f00-0123456789ab',
  age: null,
  gender: 'male',
  phone: '5551234567',
  tags: ['a', 'bc'],
  extra: { any: 1 },
  either: 'ok',
};

describe('validateJson', () => {
  it('accepts a matching value', () => {
    expect(validateJson(user, valid)).toEqual([]);
  });

  it.each([
    ['a missing required property', { ...valid, _id: undefined }, '$: missing required _id'],
    ['an unknown property', { ...valid, isAdmin: true }, '$: unexpected property isAdmin'],
    ['a wrong type', { ...valid, age: '42' }, '$.age: expected integer or null, got string'],
    ['a fraction for an integer', { ...valid, age: 4.5 }, '$.age: expected integer or null'],
    ['a number out of range', { ...valid, age: 151 }, '$.age: above 150'],
    ['a value outside the enum', { ...valid, gender: 'other' }, '$.gender: "other" is not one of'],
    ['a pattern mismatch', { ...valid, phone: '555' }, '$.phone: does not match'],
    ['a bad uuid', { ...valid, _id: 'not-a-uuid' }, '$._id: not a valid uuid'],
    ['a bad array item', { ...valid, tags: ['abcd'] }, '$.tags[0]: longer than 3'],
    ['no anyOf branch', { ...valid, either: 'x' }, '$.either: matches none of anyOf'],
    ['an array for an object', [], '$: expected object, got array'],
  ])('refuses %s', (_label, value, message) => {
    const { _id, ...rest } = value as Record<string, unknown>;
    const input = Array.isArray(value) ? value : _id === undefined ? rest : value;
    expect(validateJson(user, input).join('\n')).toContain(message);
  });

  it('refuses to judge a schema with a keyword it does not know', () => {
    expect(validateJson({ type: 'string', contentEncoding: 'base64' }, 'x')).toEqual([
      '$: unsupported keyword contentEncoding',
    ]);
  });
});

describe('validateJson: format date', () => {
  const day: JsonSchema = { type: 'string', format: 'date' };

  it('accepts a calendar day (the timeline answers care-plan days so)', () => {
    expect(validateJson(day, '2026-02-28')).toEqual([]);
  });

  it.each(['2026-02-30', '2026-2-3', '2026-02-28T00:00:00Z'])('refuses %s', (value) => {
    expect(validateJson(day, value)).toEqual(['$: not a valid date']);
  });
});
