import crypto from 'node:crypto';
import { DEFAULT_NOTICE_PREFERENCES } from '@portal/shared/notice-preferences';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { accessTestKit, DATE_OF_BIRTH, errorOf, uniqueEmail } from './patient-access.factories.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { createPatient, trashPatient } from '../../../test/factories/patients.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';

const sent: MailMessage[] = [];
const fakeMailer: Mailer = {
  send: async (message) => void sent.push(message),
  close: () => {},
};
const ctx = useTestApp({ deps: { mailer: fakeMailer } });

const { practitionerWithPatient, invited, accept, preview, myLinks, accessOf, auditRows } =
  accessTestKit(ctx);

// Invitations and links: accepting an invitation.

describe('POST /api/me/links', () => {
  it('links the invited address’s verified owner, e-mails both sides, and lists the link', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const email = uniqueEmail('lucia');
    const { code } = await invited(practitioner.headers, patient._id, {
      relationship: 'self',
      email,
    });
    const person = await signIn(ctx, { email: email.toUpperCase(), name: 'Lucia F.' });
    const looked = await preview(person.headers, code);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({
      practitioner: { name: 'Dr. Ines Carvalho', practiceName: null },
      relationship: 'self',
      needsBirthDate: false,
    });
    const sentBefore = sent.length;
    const response = await accept(person.headers, { code });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const link = response.json();
    expect(link).toEqual({
      _id: expect.any(String),
      patientId: patient._id,
      relationship: 'self',
      practitioner: { name: 'Dr. Ines Carvalho', practiceName: null },
    });
    const mails = sent.slice(sentBefore);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [email.toLowerCase(), practitioner.user.email].sort(),
    );
    for (const secret of ['Lucia', 'Ferreira', 'diabetes'])
      expect(JSON.stringify(mails)).not.toContain(secret);

    const links = await myLinks(person.headers);
    expect(links.headers['cache-control']).toBe('no-store');
    expect(links.json()).toEqual({
      items: [
        {
          _id: link._id,
          patientId: patient._id,
          patientName: 'Lucia Ferreira',
          relationship: 'self',
          createdAt: expect.any(String),
          practitioner: { name: 'Dr. Ines Carvalho', practiceName: null },
        },
      ],
    });
    expect((await accessOf(practitioner.headers, patient._id)).json()).toMatchObject({
      state: 'linked',
      invitation: null,
      links: [{ _id: link._id, name: 'Lucia F.', relationship: 'self', endedAt: null }],
    });
    expect(await auditRows(person.user._id)).toEqual([
      { patient_id: patient._id, subject_kind: 'invitation', action: 'read', outcome: 'success' },
      { patient_id: patient._id, subject_kind: 'link', action: 'create', outcome: 'success' },
      { patient_id: patient._id, subject_kind: 'link', action: 'list', outcome: 'success' },
    ]);
    // Used: a second accept, by anyone, is refused.
    const other = await signIn(ctx);
    expectErrorAnswer(
      await accept(other.headers, { code, birthDate: DATE_OF_BIRTH }),
      409,
      errorOf('INVITATION_USED'),
    );
  });

  it('e-mails the link only to a side that has not turned link notices off', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const turnedOff = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notice-preferences',
      headers: practitioner.headers,
      payload: { ...DEFAULT_NOTICE_PREFERENCES, 'link-notices': false },
    });
    expect(turnedOff.statusCode).toBe(200);
    const email = uniqueEmail('quiet');
    const { code } = await invited(practitioner.headers, patient._id, {
      relationship: 'self',
      email,
    });
    const person = await signIn(ctx, { email });
    const sentBefore = sent.length;
    expect((await accept(person.headers, { code })).statusCode).toBe(201);
    expect(sent.slice(sentBefore).map((mail) => mail.to)).toEqual([email.toLowerCase()]);
  });

  it('asks an unverified owner of the invited address for the date of birth', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const email = uniqueEmail('unverified');
    const { code } = await invited(practitioner.headers, patient._id, {
      relationship: 'self',
      email,
    });
    const { idToken } = await ctx.local.issueIdToken({
      email,
      name: 'Not Verified',
      isEmailVerified: false,
    });
    const headers = { authorization: `Bearer ${idToken}` };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers })).statusCode,
    ).toBe(200);
    expect((await preview(headers, code)).json()).toMatchObject({ needsBirthDate: true });
    expectErrorAnswer(await accept(headers, { code }), 403, errorOf('INVITATION_NOT_FOR_YOU'));
    expect((await accept(headers, { code, birthDate: DATE_OF_BIRTH })).statusCode).toBe(201);
  });

  it('links anyone who gives the record’s date of birth, as the relationship invited', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const { code } = await invited(practitioner.headers, patient._id, {
      relationship: 'parent-or-guardian',
    });
    const parent = await signIn(ctx);
    expect((await preview(parent.headers, code)).json()).toMatchObject({ needsBirthDate: true });
    const response = await accept(parent.headers, { code, birthDate: DATE_OF_BIRTH });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ relationship: 'parent-or-guardian' });
  });

  it('lets a practitioner link to their own patient', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const { code } = await invited(practitioner.headers, patient._id);
    const response = await accept(practitioner.headers, { code, birthDate: DATE_OF_BIRTH });
    expect(response.statusCode).toBe(201);
    expect((await myLinks(practitioner.headers)).json().items).toHaveLength(1);
  });

  it('answers 403 INVITATION_NOT_FOR_YOU to a wrong person, and the fifth failure ends the invitation', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const { code } = await invited(practitioner.headers, patient._id, {
      relationship: 'self',
      email: uniqueEmail('someone'),
    });
    const stranger = await signIn(ctx);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expectErrorAnswer(
        await accept(stranger.headers, { code, birthDate: '1970-01-01' }),
        403,
        errorOf('INVITATION_NOT_FOR_YOU'),
      );
      const { rows } = await ctx.database.pool.query(
        'select failed_tries, ended_at from patient_invitations where patient_id = $1',
        [patient._id],
      );
      expect(rows[0].failed_tries).toBe(attempt);
      expect(rows[0].ended_at === null).toBe(attempt < 5);
    }
    // Ended: even the right date of birth is now too late.
    const rightful = await signIn(ctx);
    expectErrorAnswer(
      await accept(rightful.headers, { code, birthDate: DATE_OF_BIRTH }),
      409,
      errorOf('INVITATION_USED'),
    );
    expect((await accessOf(practitioner.headers, patient._id)).json().state).toBe('ended');
    expect(await auditRows(stranger.user._id)).toHaveLength(5);
    expect((await auditRows(stranger.user._id))[0]).toEqual({
      patient_id: patient._id,
      subject_kind: 'invitation',
      action: 'create',
      outcome: 'denied',
    });
  });

  it('refuses the date-of-birth route to a record that has none', async () => {
    const practitioner = await signIn(ctx);
    const patient = await createPatient(ctx, practitioner.headers, { dateOfBirth: '' });
    const { code } = await invited(practitioner.headers, patient._id);
    const person = await signIn(ctx);
    for (const birthDate of [undefined, DATE_OF_BIRTH])
      expectErrorAnswer(
        await accept(person.headers, { code, birthDate }),
        403,
        errorOf('INVITATION_NOT_FOR_YOU'),
      );
  });

  it('answers 404 INVITATION_NOT_FOUND to an unknown code, and to one whose record is in the trash', async () => {
    const person = await signIn(ctx);
    const unknown = crypto.randomBytes(32).toString('base64url');
    for (const code of [unknown, 'short'])
      expectErrorAnswer(
        await accept(person.headers, { code, birthDate: DATE_OF_BIRTH }),
        404,
        errorOf('INVITATION_NOT_FOUND'),
      );
    expectErrorAnswer(await preview(person.headers, unknown), 404, errorOf('INVITATION_NOT_FOUND'));
    const { practitioner, patient } = await practitionerWithPatient();
    const { code } = await invited(practitioner.headers, patient._id);
    await trashPatient(ctx, practitioner.headers, patient._id);
    expectErrorAnswer(
      await accept(person.headers, { code, birthDate: DATE_OF_BIRTH }),
      404,
      errorOf('INVITATION_NOT_FOUND'),
    );
  });

  it('answers 410 INVITATION_EXPIRED after 7 days', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const { code } = await invited(practitioner.headers, patient._id);
    await ctx.database.pool.query(
      `update patient_invitations set expires_at = now() - interval '1 second' where patient_id = $1`,
      [patient._id],
    );
    const person = await signIn(ctx);
    expectErrorAnswer(await preview(person.headers, code), 410, errorOf('INVITATION_EXPIRED'));
    expectErrorAnswer(
      await accept(person.headers, { code, birthDate: DATE_OF_BIRTH }),
      410,
      errorOf('INVITATION_EXPIRED'),
    );
  });

  it('answers 409 INVITATION_USED to a person already linked to the record, leaving the invitation open', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const person = await signIn(ctx);
    const first = await invited(practitioner.headers, patient._id);
    expect(
      (await accept(person.headers, { code: first.code, birthDate: DATE_OF_BIRTH })).statusCode,
    ).toBe(201);
    const second = await invited(practitioner.headers, patient._id, { relationship: 'carer' });
    expectErrorAnswer(
      await accept(person.headers, { code: second.code, birthDate: DATE_OF_BIRTH }),
      409,
      errorOf('INVITATION_USED'),
    );
    expect((await accessOf(practitioner.headers, patient._id)).json().invitation).not.toBeNull();
  });

  it('refuses a body without a code, or with a date that is no date, as 400', async () => {
    const person = await signIn(ctx);
    expect((await accept(person.headers, {})).statusCode).toBe(400);
    expect(
      (await accept(person.headers, { code: 'x'.repeat(43), birthDate: '1961-02-30' })).statusCode,
    ).toBe(400);
  });

  it('allows 10 looks and tries a minute per user together, then answers 429', async () => {
    const person = await signIn(ctx);
    const unknown = crypto.randomBytes(32).toString('base64url');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await preview(person.headers, unknown)).statusCode).toBe(404);
      expect((await accept(person.headers, { code: unknown })).statusCode).toBe(404);
    }
    const limited = await accept(person.headers, { code: unknown });
    expectErrorAnswer(limited, 429, errorOf('RATE_LIMITED'));
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await preview(person.headers, unknown)).statusCode).toBe(429);
    // Another user's budget is their own.
    const other = await signIn(ctx);
    expect((await preview(other.headers, unknown)).statusCode).toBe(404);
  });
});
