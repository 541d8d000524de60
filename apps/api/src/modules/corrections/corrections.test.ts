import { describe, expect, it } from 'vitest';
import { CORRECTION_MESSAGES } from '@portal/shared/correction';
import { ERRORS } from '@portal/shared/errors';
import { signIn, useTestApp } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createAllergy } from '../../../test/factories/clinical.ts';
import { createVisit, signVisit } from '../../../test/factories/visits.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { auditTrail, practitioner } from '../../../test/patient-resources.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { auditEventsBy, linkPatient, linkedPatientOf } from '../my-health/my-health.factories.ts';
import { correctionsKit, correctionsUrl, myCorrectionsUrl } from './corrections.factories.ts';

const sent: MailMessage[] = [];
const fakeMailer: Mailer = { send: async (message) => void sent.push(message), close: () => {} };
const ctx = useTestApp({ deps: { mailer: fakeMailer } });
const { ask, asked, answer, storedCount } = correctionsKit(ctx);

const aboutInvalid = {
  code: 'VALIDATION_FAILED',
  message: ERRORS.VALIDATION_FAILED.message,
  fieldErrors: { about: CORRECTION_MESSAGES.aboutInvalid },
};

describe('POST /api/me/patients/:patientId/corrections', () => {
  it('stores the request, answers 201 no-store, and both linked people list it newest first', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const parent = await signIn(ctx, { name: 'Rui Lima' });
    await linkPatient(ctx, {
      ownerId: owner.user._id,
      patientId,
      userId: parent.user._id,
      relationship: 'parent-or-guardian',
    });
    const allergy = await createAllergy(ctx, owner.headers, patientId);
    const response = await ask(person.headers, patientId, {
      about: { kind: 'allergy', id: allergy._id },
      text: '  The reaction was a rash, not hives.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const first = response.json();
    expect(first).toEqual({
      _id: expect.any(String),
      patientId,
      about: { kind: 'allergy', id: allergy._id },
      text: 'The reaction was a rash, not hives.',
      status: 'requested',
      answer: '',
      requestedAt: expect.any(String),
      requestedByName: 'Ana Lima',
      answeredAt: null,
    });
    const second = await asked(parent.headers, patientId, {
      about: { kind: 'patient', id: null },
    });

    for (const headers of [person.headers, parent.headers]) {
      const list = await ctx.app.inject({ url: myCorrectionsUrl(patientId), headers });
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.json().items.map((item: { _id: string }) => item._id)).toEqual([
        second._id,
        first._id,
      ]);
    }
  });

  it('audits the request with the linked person as actor, named in the practitioner’s activity view', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const correction = await asked(person.headers, patientId);
    await ctx.app.inject({ url: myCorrectionsUrl(patientId), headers: person.headers });
    expect(await auditEventsBy(ctx, person.user._id)).toEqual([
      {
        patient_id: patientId,
        action: 'request_correction',
        outcome: 'success',
        subject_kind: 'correction',
      },
      { patient_id: patientId, action: 'list', outcome: 'success', subject_kind: null },
    ]);
    const trail = await auditTrail(ctx, owner.headers);
    expect(trail).toContainEqual(
      expect.objectContaining({
        actorName: 'Ana Lima',
        actorRole: 'patient',
        action: 'request_correction',
        subject: { kind: 'correction', id: correction._id },
      }),
    );
  });

  it('e-mails the practitioner a notice without clinical content, unless they turned it off', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    sent.length = 0;
    await asked(person.headers, patientId, { text: 'SECRET-CLINICAL-TEXT' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(owner.user.email);
    expect(sent[0]!.text).toContain(
      "A correction was requested for one of your patients' records. Open the portal to read it",
    );
    expect(JSON.stringify(sent[0])).not.toContain('SECRET-CLINICAL-TEXT');
    expect(JSON.stringify(sent[0])).not.toContain('Amina Yusuf');

    const preferences = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notice-preferences',
      headers: owner.headers,
      payload: {
        'appointment-reminders': true,
        'link-notices': true,
        'patient-appointment-reminders': true,
        'correction-notices': false,
        'message-notices': true,
        'medicine-notices': true,
      },
    });
    expect(preferences.statusCode).toBe(200);
    sent.length = 0;
    await asked(person.headers, patientId);
    expect(sent).toEqual([]);
  });

  it('accepts `about` pointing at an appointment, a signed visit or the record in general', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const appointment = await createAppointment(ctx, owner.headers, {
      patientId,
      start: '2030-03-09T09:00:00.000Z',
    });
    const visit = await signVisit(
      ctx,
      owner.headers,
      await createVisit(ctx, owner.headers, patientId),
    );
    for (const about of [
      { kind: 'appointment', id: appointment._id },
      { kind: 'visit', id: visit._id.toUpperCase() },
      null,
    ])
      expect((await ask(person.headers, patientId, { about, text: 'Please fix' })).statusCode).toBe(
        201,
      );
  });

  it('refuses `about` pointing at a draft visit, another patient’s item or garbage, storing nothing', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const draft = await createVisit(ctx, owner.headers, patientId);
    const otherPractice = await practitioner(ctx);
    const foreign = await createAllergy(ctx, otherPractice.headers, otherPractice.patient._id);
    const before = await storedCount();
    for (const about of [
      { kind: 'visit', id: draft._id },
      { kind: 'allergy', id: foreign._id },
      { kind: 'appointment', id: draft._id },
    ])
      expectErrorAnswer(
        await ask(person.headers, patientId, { about, text: 'Fix' }),
        400,
        aboutInvalid,
      );
    for (const about of [
      { kind: 'allergy', id: null },
      { kind: 'patient', id: foreign._id },
      { kind: 'bill', id: foreign._id },
      { kind: 'allergy', id: 'not-an-id' },
      'allergy',
    ]) {
      const response = await ask(person.headers, patientId, { about, text: 'Fix' });
      expect(response.statusCode, JSON.stringify(about)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await storedCount()).toBe(before);
    expect(await auditEventsBy(ctx, person.user._id)).toContainEqual({
      patient_id: patientId,
      action: 'request_correction',
      outcome: 'invalid',
      subject_kind: null,
    });
  });

  it('refuses a blank or too long text with the shared messages, storing nothing', async () => {
    const { person, patientId } = await linkedPatientOf(ctx);
    const before = await storedCount();
    const blank = await ask(person.headers, patientId, { about: null, text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ text: CORRECTION_MESSAGES.textRequired });
    const long = await ask(person.headers, patientId, { about: null, text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ text: CORRECTION_MESSAGES.textTooLong });
    expect(await storedCount()).toBe(before);
  });

  it('answers 409 CORRECTION_LIMIT to a 21st open request, and takes one again once one is answered', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const first = await asked(person.headers, patientId);
    for (let n = 1; n < 20; n += 1) await asked(person.headers, patientId);
    const before = await storedCount();
    expectErrorAnswer(
      await ask(person.headers, patientId, { about: null, text: 'One more' }),
      409,
      {
        code: 'CORRECTION_LIMIT',
        message:
          'There are already 20 open correction requests for this record. Wait for an answer before asking again.',
      },
    );
    expect(await storedCount()).toBe(before);
    const declined = await answer(owner.headers, patientId, first._id, 'decline', {
      reason: 'Duplicate',
    });
    expect(declined.statusCode).toBe(200);
    await asked(person.headers, patientId);
  });

  it('answers 404 LINK_NOT_FOUND to someone not linked, storing nothing', async () => {
    const { owner, patientId } = await linkedPatientOf(ctx);
    const before = await storedCount();
    for (const headers of [owner.headers, (await signIn(ctx)).headers])
      expectErrorAnswer(await ask(headers, patientId, { about: null, text: 'Fix' }), 404, {
        code: 'LINK_NOT_FOUND',
        message: ERRORS.LINK_NOT_FOUND.message,
      });
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /api/records/patients/:id/corrections', () => {
  it('lists the patient’s requests open first, then newest first, no-store, audited', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const oldest = await asked(person.headers, patientId, { text: 'Oldest' });
    const middle = await asked(person.headers, patientId, { text: 'Middle' });
    const newest = await asked(person.headers, patientId, { text: 'Newest' });
    await answer(owner.headers, patientId, newest._id, 'accept', { answer: 'Fixed the date.' });
    const response = await ctx.app.inject({
      url: correctionsUrl(patientId),
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().items.map((item: { text: string }) => item.text)).toEqual([
      middle.text,
      oldest.text,
      newest.text,
    ]);
    expect((await auditEventsBy(ctx, owner.user._id)).at(-1)).toEqual({
      patient_id: patientId,
      action: 'list',
      outcome: 'success',
      subject_kind: null,
    });
  });

  it('answers 404 PATIENT_NOT_FOUND to another practitioner, on the list and on answers', async () => {
    const { person, patientId } = await linkedPatientOf(ctx);
    const correction = await asked(person.headers, patientId);
    const other = await practitioner(ctx, { name: 'Dr Other' });
    const notFound = { code: 'PATIENT_NOT_FOUND', message: ERRORS.PATIENT_NOT_FOUND.message };
    expectErrorAnswer(
      await ctx.app.inject({ url: correctionsUrl(patientId), headers: other.headers }),
      404,
      notFound,
    );
    expectErrorAnswer(
      await answer(other.headers, patientId, correction._id, 'accept', { answer: 'Mine now' }),
      404,
      notFound,
    );
    expectErrorAnswer(
      await answer(other.headers, patientId, correction._id, 'decline', { reason: 'No' }),
      404,
      notFound,
    );
    // Their own patient's path with this correction's id: not theirs either.
    expectErrorAnswer(
      await answer(other.headers, other.patient._id, correction._id, 'accept', {}),
      404,
      { code: 'CORRECTION_NOT_FOUND', message: ERRORS.CORRECTION_NOT_FOUND.message },
    );
    const [row] = (
      await ctx.database.pool.query('select status from patient_corrections where id = $1', [
        correction._id,
      ])
    ).rows;
    expect(row).toEqual({ status: 'requested' });
  });
});

describe('POST /api/records/patients/:id/corrections/:correctionId/accept and /decline', () => {
  it('accepts with what was changed; the patient reads it and is e-mailed without content', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const correction = await asked(person.headers, patientId);
    sent.length = 0;
    const response = await answer(owner.headers, patientId, correction._id, 'accept', {
      answer: 'Date of birth corrected to 3 May 1990.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      _id: correction._id,
      status: 'accepted',
      answer: 'Date of birth corrected to 3 May 1990.',
      answeredAt: expect.any(String),
    });
    expect(sent.map((message) => message.to)).toEqual([person.user.email]);
    expect(sent[0]!.text).not.toContain('3 May 1990');
    const mine = await ctx.app.inject({
      url: myCorrectionsUrl(patientId),
      headers: person.headers,
    });
    expect(mine.json().items[0]).toMatchObject({ status: 'accepted' });
    expect(await auditEventsBy(ctx, owner.user._id)).toContainEqual({
      patient_id: patientId,
      action: 'accept_correction',
      outcome: 'success',
      subject_kind: 'correction',
    });
  });

  it('declines only with a reason', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const correction = await asked(person.headers, patientId);
    const blank = await answer(owner.headers, patientId, correction._id, 'decline', {
      reason: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ reason: CORRECTION_MESSAGES.reasonRequired });
    const declined = await answer(owner.headers, patientId, correction._id, 'decline', {
      reason: 'The record shows what the lab reported.',
    });
    expect(declined.json()).toMatchObject({
      status: 'declined',
      answer: 'The record shows what the lab reported.',
    });
  });

  it('answers 409 CORRECTION_ALREADY_ANSWERED to a second answer, and 404 to an unknown id', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const correction = await asked(person.headers, patientId);
    expect((await answer(owner.headers, patientId, correction._id, 'accept', {})).statusCode).toBe(
      200,
    );
    expectErrorAnswer(
      await answer(owner.headers, patientId, correction._id, 'decline', { reason: 'Changed mind' }),
      409,
      { code: 'CORRECTION_ALREADY_ANSWERED', message: ERRORS.CORRECTION_ALREADY_ANSWERED.message },
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
      expectErrorAnswer(await answer(owner.headers, patientId, id, 'accept', {}), 404, {
        code: 'CORRECTION_NOT_FOUND',
        message: ERRORS.CORRECTION_NOT_FOUND.message,
      });
  });

  it('of two accepts at once, answers one 200 and the other 409, keeping the first answer', async () => {
    const { owner, person, patientId } = await linkedPatientOf(ctx);
    const correction = await asked(person.headers, patientId);
    const answers = await Promise.all(
      ['First', 'Second'].map((text) =>
        answer(owner.headers, patientId, correction._id, 'accept', { answer: text }),
      ),
    );
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((response) => response.statusCode === 200)!.json();
    const { rows } = await ctx.database.pool.query(
      'select status, answer from patient_corrections where id = $1',
      [correction._id],
    );
    expect(rows).toEqual([{ status: 'accepted', answer: winner.answer }]);
  });
});
