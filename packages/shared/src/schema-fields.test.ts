import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blankValues, fieldPaths, formFields, formValuesOf, valueAt } from './schema-fields.ts';

const ZExample = z.strictObject({
  name: z.string(),
  age: z.number(),
  kind: z.enum(['a', 'b']),
  note: z.string().optional(),
  contact: z.strictObject({ phone: z.string() }),
  isActive: z.boolean().default(false),
});

describe('schema fields', () => {
  it('lists every leaf field in schema order, nested ones as paths', () => {
    expect(fieldPaths(ZExample)).toEqual([
      ['name'],
      ['age'],
      ['kind'],
      ['note'],
      ['contact', 'phone'],
      ['isActive'],
    ]);
  });

  it('gives each leaf field the control its type calls for, with its options and limits', () => {
    const fields = formFields(ZExample.extend({ score: z.number().int().min(0).max(9) })).map(
      ({ name, kind, isOptional, options, min, max }) => ({
        name,
        kind,
        isOptional,
        options,
        min,
        max,
      }),
    );
    const plain = { isOptional: false, options: [], min: undefined, max: undefined };
    expect(fields).toEqual([
      { ...plain, name: 'name', kind: 'text' },
      { ...plain, name: 'age', kind: 'number' },
      { ...plain, name: 'kind', kind: 'choice', options: ['a', 'b'] },
      { ...plain, name: 'note', kind: 'text', isOptional: true },
      { ...plain, name: 'contact.phone', kind: 'text' },
      { ...plain, name: 'isActive', kind: 'boolean', isOptional: true },
      { ...plain, name: 'score', kind: 'number', min: 0, max: 9 },
    ]);
  });

  it('reads a value at a path, undefined when a step is missing', () => {
    expect(valueAt({ contact: { phone: '1' } }, ['contact', 'phone'])).toBe('1');
    expect(valueAt({}, ['contact', 'phone'])).toBeUndefined();
  });

  it('blanks texts and choices, leaves numbers unset and booleans false', () => {
    expect(blankValues(ZExample)).toEqual({
      name: '',
      age: undefined,
      kind: '',
      note: '',
      contact: { phone: '' },
      isActive: false,
    });
  });

  it('fills form values from an entity, blanks where it has none, and ignores other keys', () => {
    expect(formValuesOf(ZExample, { _id: 'x', name: 'N', age: 3, isActive: true })).toEqual({
      name: 'N',
      age: 3,
      kind: '',
      note: '',
      contact: { phone: '' },
      isActive: true,
    });
  });
});
