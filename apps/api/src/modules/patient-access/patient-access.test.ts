import { describe, expect, it } from 'vitest';
import { signIn, useTestApp, type AuthHeaders } from '../../../test/app.ts';
import { accessTestKit, DATE_OF_BIRTH, errorOf } from './patient-access.factories.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { trashPatient } from '../../../test/factories/patients.ts';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';

const sent: MailMessage[] = [];
const fakeMailer: Mailer = {
  send: async (message) => void sent.push(message),
  close: () => {},
};
const ctx = useTestApp({ deps: { mailer: fakeMailer } });

const { practitionerWithPatient, invited, accept, myLinks, accessOf, auditRows } =
  accessTestKit(ctx);

// Invitations and links: ending access and leaving.

describe('ending access', () => {
  it('DELETE /api/records/patients/:id/access ends the links and the invitation: the next GET /api/me/links is empty', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const person = await signIn(ctx);
    const { code } = await invited(practitioner.headers, patient._id);
    expect((await accept(person.headers, { code, birthDate: DATE_OF_BIRTH })).statusCode).toBe(201);
    const pending = await invited(practitioner.headers, patient._id, { relationship: 'carer' });
    expect((await myLinks(person.headers)).json().items).toHaveLength(1);

    const other = await signIn(ctx);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/records/patients/${patient._id}/access`,
      headers: other.headers,
    });
    expectErrorAnswer(refused, 404, errorOf('PATIENT_NOT_FOUND'));
    expect((await myLinks(person.headers)).json().items).toHaveLength(1);

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/records/patients/${patient._id}/access`,
      headers: practitioner.headers,
    });
    expect(ended.statusCode).toBe(204);
    expect((await myLinks(person.headers)).json()).toEqual({ items: [] });
    const carer = await signIn(ctx);
    expectErrorAnswer(
      await accept(carer.headers, { code: pending.code, birthDate: DATE_OF_BIRTH }),
      409,
      errorOf('INVITATION_USED'),
    );
    const access = (await accessOf(practitioner.headers, patient._id)).json();
    expect(access).toMatchObject({ state: 'ended', invitation: null });
    expect(access.links[0].endedAt).toEqual(expect.any(String));
    const deletes = (await auditRows(practitioner.user._id)).filter(
      (row) => row.action === 'delete',
    );
    expect(deletes).toEqual(
      expect.arrayContaining([
        { patient_id: patient._id, subject_kind: 'link', action: 'delete', outcome: 'success' },
        {
          patient_id: patient._id,
          subject_kind: 'invitation',
          action: 'delete',
          outcome: 'success',
        },
      ]),
    );
  });

  it('GET /api/records/patients/:id/access answers 404 for someone else’s patient', async () => {
    const { patient } = await practitionerWithPatient();
    const other = await signIn(ctx);
    expectErrorAnswer(
      await accessOf(other.headers, patient._id),
      404,
      errorOf('PATIENT_NOT_FOUND'),
    );
  });

  it('lists no link to a record in the trash', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const person = await signIn(ctx);
    const { code } = await invited(practitioner.headers, patient._id);
    expect((await accept(person.headers, { code, birthDate: DATE_OF_BIRTH })).statusCode).toBe(201);
    await trashPatient(ctx, practitioner.headers, patient._id);
    expect((await myLinks(person.headers)).json()).toEqual({ items: [] });
  });

  it('DELETE /api/me/links/:id lets the linked person leave; someone else’s link is 404 LINK_NOT_FOUND', async () => {
    const { practitioner, patient } = await practitionerWithPatient();
    const person = await signIn(ctx);
    const { code } = await invited(practitioner.headers, patient._id);
    const link = (await accept(person.headers, { code, birthDate: DATE_OF_BIRTH })).json();
    const leave = (headers: AuthHeaders, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/me/links/${id}`, headers });

    const other = await signIn(ctx);
    expectErrorAnswer(await leave(other.headers, link._id), 404, errorOf('LINK_NOT_FOUND'));
    expectErrorAnswer(await leave(practitioner.headers, link._id), 404, errorOf('LINK_NOT_FOUND'));
    expectErrorAnswer(await leave(other.headers, 'nope'), 404, errorOf('LINK_NOT_FOUND'));
    expect((await myLinks(person.headers)).json().items).toHaveLength(1);

    const left = await leave(person.headers, link._id);
    expect(left.statusCode).toBe(204);
    expect(left.headers['cache-control']).toBe('no-store');
    expect((await myLinks(person.headers)).json()).toEqual({ items: [] });
    expectErrorAnswer(await leave(person.headers, link._id), 404, errorOf('LINK_NOT_FOUND'));
    expect((await accessOf(practitioner.headers, patient._id)).json().state).toBe('ended');
    expect((await auditRows(person.user._id)).filter((row) => row.action === 'delete')).toEqual([
      { patient_id: patient._id, subject_kind: 'link', action: 'delete', outcome: 'success' },
      { patient_id: null, subject_kind: 'link', action: 'delete', outcome: 'denied' },
    ]);
  });
});
