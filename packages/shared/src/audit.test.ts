import { describe, expect, it } from 'vitest';
import { AUDIT_SUBJECT_FIELDS, AUDIT_SUBJECT_KINDS, ZAuditEvent } from './audit.ts';

const PRESCRIPTION = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b';
const ALLERGY = '6fa459ea-ee8a-4ca4-894e-db77e160355e';

const event = (fields: object) => ({
  id: '7',
  actorId: '0b1d3f5e-8c2a-4e6f-9a7b-1c3d5e7f9a0b',
  actorName: 'Dr Lena Hoffmann',
  actorRole: 'practitioner',
  patientId: '2c4e6a8b-0d1f-4a3c-8e5a-7b9c1d3e5f7a',
  patientName: 'Amina Yusuf',
  appointmentId: null,
  visitId: null,
  allergyId: ALLERGY,
  prescriptionId: PRESCRIPTION,
  carePlanId: null,
  action: 'acknowledge',
  outcome: 'success',
  requestId: 'req-1',
  createdAt: '2026-03-02T09:00:00.000Z',
  ...fields,
});

describe('ZAuditEvent', () => {
  it('answers what the event is about as subject: a kind and an id, or null', () => {
    const subject = { kind: 'prescription', id: PRESCRIPTION };
    expect(ZAuditEvent.parse(event({ subject })).subject).toEqual(subject);
    expect(ZAuditEvent.parse(event({ subject: null })).subject).toBeNull();
  });

  it('refuses a subject of a kind the trail does not name, or without an id', () => {
    expect(
      ZAuditEvent.safeParse(event({ subject: { kind: 'invoice', id: ALLERGY } })).success,
    ).toBe(false);
    expect(ZAuditEvent.safeParse(event({ subject: { kind: 'allergy' } })).success).toBe(false);
    expect(ZAuditEvent.safeParse(event({})).success).toBe(false);
  });

  it('repeats an id field of the answer only for kinds it declares', () => {
    const fields = Object.keys(ZAuditEvent.shape);
    for (const [kind, field] of Object.entries(AUDIT_SUBJECT_FIELDS)) {
      expect(AUDIT_SUBJECT_KINDS).toContain(kind);
      expect(fields).toContain(field);
    }
  });
});
