import crypto from 'node:crypto';
import type { TCreatedInvitation } from '@portal/shared/patient-access';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { accessTestKit, DATE_OF_BIRTH, errorOf, uniqueEmail } from './patient-access.factories.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { trashPatient } from '../../../test/factories/patients.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';

const sent: MailMessage[] = [];
const fakeMailer: Mailer = {
  send: async (message) => void sent.push(message),
  close: () => {},
};
const ctx = useTestApp({ deps: { mailer: fakeMailer } });

const { practitionerWithPatient, invite, invited, accept, accessOf, auditRows } =
  accessTestKit(ctx);

// Invitations and links: making invitations.

describe('POST /api/records/patients/:id/invitation', () => {
  it('answers a 43-character code, its /join link and an expiry 7 days on, and stores only its SHA-256', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const before = Date.now();
    const response = await invite(practitioner.headers, patient._id);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { code, url, expiresAt } = response.json<TCreatedInvitation>();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${ctx.config.PUBLIC_URL}/join/${code}`);
    const days = (Date.parse(expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const { rows } = await ctx.database.pool.query(
      'select * from patient_invitations where patient_id = $1',
      [patient._id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toBe(crypto.createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(ctx.logs.join('')).not.toContain(code);
    ctx.sentByClient(code);
  });

  it('ends the open invitation when a new one is made: the old code then reads as used', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const first = await invited(practitioner.headers, patient._id);
    const second = await invited(practitioner.headers, patient._id, {
      relationship: 'carer',
      email: 'Carer@Example.test',
    });
    const person = await signIn(ctx);
    expectErrorAnswer(
      await accept(person.headers, { code: first.code, birthDate: DATE_OF_BIRTH }),
      409,
      errorOf('INVITATION_USED'),
    );
    const access = (await accessOf(practitioner.headers, patient._id)).json();
    expect(access).toMatchObject({
      state: 'invited',
      invitation: {
        relationship: 'carer',
        email: 'carer@example.test',
        expiresAt: second.expiresAt,
      },
      links: [],
    });
  });

  it('answers 404 PATIENT_NOT_FOUND for someone else’s patient, a trashed one or no id, and audits the attempt', async () => {
    const { patient } = await practitionerWithPatient();
    const other = await signIn(ctx);
    expectErrorAnswer(await invite(other.headers, patient._id), 404, errorOf('PATIENT_NOT_FOUND'));
    expectErrorAnswer(await invite(other.headers, 'not-an-id'), 404, errorOf('PATIENT_NOT_FOUND'));
    const own = await practitionerWithPatient();
    await trashPatient(ctx, own.practitioner.headers, own.patient._id);
    expectErrorAnswer(
      await invite(own.practitioner.headers, own.patient._id),
      404,
      errorOf('PATIENT_NOT_FOUND'),
    );
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from patient_invitations where patient_id = $1',
      [patient._id],
    );
    expect(rows[0].n).toBe(0);
    expect(await auditRows(other.user._id)).toEqual([
      { patient_id: patient._id, subject_kind: null, action: 'create', outcome: 'denied' },
      { patient_id: null, subject_kind: null, action: 'create', outcome: 'denied' },
    ]);
  });

  it('refuses a relationship it does not know, changing nothing', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const response = await invite(practitioner.headers, patient._id, {
      relationship: 'friend' as 'self',
    });
    expect(response.statusCode).toBe(400);
    expect((await accessOf(practitioner.headers, patient._id)).json().state).toBe('not-invited');
  });

  it('e-mails the link to the invited address, naming neither the patient nor anything clinical', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const email = uniqueEmail('lucia');
    const { url } = await invited(practitioner.headers, patient._id, {
      relationship: 'self',
      email,
    });
    const mail = sent.filter((message) => message.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(url);
    expect(mail[0]!.text).toContain('Dr. Ines Carvalho');
    for (const secret of ['Lucia', 'Ferreira', 'diabetes', DATE_OF_BIRTH])
      expect(JSON.stringify(mail[0])).not.toContain(secret);
  });
});
