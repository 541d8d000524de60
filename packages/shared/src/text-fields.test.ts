import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZAllergyInput } from './allergy.ts';
import { appointmentInput } from './appointment.factories.ts';
import { ZAppointmentInput } from './appointment.ts';
import { ZCarePlanInput } from './care-plan.ts';
import { CLINICAL_TEXT_MESSAGES } from './clinical-text.ts';
import { messageFor } from './field-message.ts';
import { messageCodeOf } from './messages.ts';
import { patientInput } from './patient.factories.ts';
import { PATIENT_MESSAGES, ZPatientInput } from './patient.ts';
import { ZPrescriptionInput, ZPrescriptionStop } from './prescription.ts';
import { completeProfile } from './profile.factories.ts';
import { ZProfileInput } from './profile.ts';
import { TEXT_FIELD_MESSAGES } from './text-fields.ts';
import { visitInput } from './visit.factories.ts';
import { ZAddendumInput, ZVisitInput } from './visit.ts';

/**
 * One-line fields (names, titles, reasons, drug names, substances) refuse every control
 * character, tabs and line breaks included; multi-line fields (notes, instructions, addresses)
 * keep tabs and line breaks and refuse the rest. Both refuse C1 controls and the Unicode line
 * and paragraph separators.
 */

const allergy = { substance: 'Penicillin', reaction: 'Hives', severity: 'moderate' };
const prescription = {
  medication: 'Amoxicillin',
  dose: '1 capsule',
  route: 'oral',
  frequency: 'three times a day',
};
const carePlan = {
  title: 'Diabetes',
  goals: [{ text: 'HbA1c below 7%' }],
  activities: [{ title: 'HbA1c test', start: '2026-03-02' }],
};

type Case = [label: string, schema: z.ZodType, input: object, field: string, invalid: string];
const oneLine: Case[] = [
  ['patient name', ZPatientInput, patientInput(), 'name', PATIENT_MESSAGES.invalidCharacters],
  ['profile name', ZProfileInput, completeProfile(), 'name', TEXT_FIELD_MESSAGES.oneLine],
  ['care plan title', ZCarePlanInput, carePlan, 'title', CLINICAL_TEXT_MESSAGES.textInvalid],
  ['allergy substance', ZAllergyInput, allergy, 'substance', CLINICAL_TEXT_MESSAGES.textInvalid],
  ['drug name', ZPrescriptionInput, prescription, 'medication', CLINICAL_TEXT_MESSAGES.textInvalid],
  [
    'stop reason',
    ZPrescriptionStop,
    { reason: 'Rash' },
    'reason',
    CLINICAL_TEXT_MESSAGES.textInvalid,
  ],
];
const multiLine: Case[] = [
  [
    'visit note',
    ZVisitInput,
    visitInput(),
    'subjective',
    'This text contains a character that is not allowed.',
  ],
  [
    'addendum',
    ZAddendumInput,
    { text: 'Seen again' },
    'text',
    'This text contains a character that is not allowed.',
  ],
  [
    'appointment note',
    ZAppointmentInput,
    appointmentInput({ patientId: '0190a8e4-4b7a-7b1e-9c1a-2f0c6a9d1e11' }),
    'note',
    'This text contains a character that is not allowed.',
  ],
  [
    'instructions',
    ZPrescriptionInput,
    prescription,
    'instructions',
    CLINICAL_TEXT_MESSAGES.textInvalid,
  ],
  ['patient address', ZPatientInput, patientInput(), 'address', PATIENT_MESSAGES.invalidCharacters],
];
const valueOf = (input: object, field: string, text: string) => ({ ...input, [field]: text });

describe('one-line text fields', () => {
  it.each(oneLine)(
    '%s refuses a tab or a line break as one line',
    (_label, schema, input, field) => {
      for (const text of ['Ami\nna', 'Ami\r\nna', 'Ami\tna'])
        expect(messageFor(schema, valueOf(input, field, text), field), JSON.stringify(text)).toBe(
          TEXT_FIELD_MESSAGES.oneLine,
        );
    },
  );

  it.each(oneLine)(
    '%s refuses C1 controls, DEL and the Unicode line separators',
    (_label, schema, input, field, invalid) => {
      for (const text of [
        'Ami\u0085na',
        'Ami\u009B2Jna',
        'Ami\u007Fna',
        'Ami\u2028na',
        'Ami\u2029na',
      ])
        expect(messageFor(schema, valueOf(input, field, text), field), JSON.stringify(text)).toBe(
          invalid,
        );
    },
  );

  it.each(oneLine)(
    '%s keeps letters of every script and a right-to-left mark',
    (_l, schema, input, field) => {
      expect(
        messageFor(schema, valueOf(input, field, 'أمينة\u200F Ørsted 李'), field),
      ).toBeUndefined();
    },
  );
});

describe('multi-line text fields', () => {
  it.each(multiLine)('%s keeps tabs and line breaks', (_label, schema, input, field) => {
    expect(
      messageFor(schema, valueOf(input, field, 'Line 1\r\nLine 2\n\tindented'), field),
    ).toBeUndefined();
  });

  it.each(multiLine)(
    '%s refuses other control characters and the Unicode line separators',
    (_label, schema, input, field, invalid) => {
      for (const text of ['a\u0007b', 'a\u001B[2Jb', 'a\u0085b', 'a\u2028b', 'a\u2029b'])
        expect(messageFor(schema, valueOf(input, field, text), field), JSON.stringify(text)).toBe(
          invalid,
        );
    },
  );
});

describe('the profile address', () => {
  it('keeps line breaks and refuses other control characters', () => {
    const input = completeProfile();
    expect(
      messageFor(ZProfileInput, { ...input, address: '2 Quay St\nFlat 3' }, 'address'),
    ).toBeUndefined();
    expect(messageFor(ZProfileInput, { ...input, address: '2 Quay\u0000St' }, 'address')).toBe(
      TEXT_FIELD_MESSAGES.controlCharacter,
    );
  });
});

it('the new messages are shared field messages, so the web translates them', () => {
  expect(messageCodeOf(TEXT_FIELD_MESSAGES.oneLine)).toBe('textField.oneLine');
  expect(messageCodeOf(TEXT_FIELD_MESSAGES.controlCharacter)).toBe('textField.controlCharacter');
});
