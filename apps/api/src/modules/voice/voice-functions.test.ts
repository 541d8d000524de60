import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { becomeMember } from '../../../test/factories/billing.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { startVoiceCall, stateOf, useVoiceApp } from '../../../test/factories/voice.ts';

/**
 * Full conversations through `POST /api/retellai/functions`, as Retell drives them: signed
 * function calls for a call the practitioner started from the portal, acting on their own
 * agenda through the appointments and patients services, audited as coming from the call.
 */

const API_KEY = 'key_voice_functions_7d1e';
const AGENT_ID = 'agent_voice_functions';
const BERLIN = 'Europe/Berlin';
/** Monday 2 March 2026, 08:00 in Berlin: the working day (09:00–17:00) is still ahead. */
const MONDAY_8AM = new Date('2026-03-02T07:00:00.000Z');

const { ctx, sender } = useVoiceApp({ apiKey: API_KEY, agentId: AGENT_ID, start: MONDAY_8AM });

/** A premium practitioner in Berlin with two patients, on a call started in `language`. */
async function practitionerOnCall(language = 'en') {
  const session = await signIn(ctx, { timeZone: BERLIN });
  await becomeMember(ctx, session.headers);
  const maria = await createPatient(ctx, session.headers, {
    name: 'Maria Souza',
    diagnosedWith: 'Asthma',
  });
  const jonas = await createPatient(ctx, session.headers, { name: 'Jonas Weber' });
  const call = await startVoiceCall(ctx, session.headers, { agentId: AGENT_ID, language });
  const ask = async (name: string, args: Record<string, unknown> = {}) => {
    const response = await sender.callFunction(call, name, args);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { message: string; data: Record<string, unknown> };
  };
  return { ...session, maria, jonas, call, ask };
}

describe('a conversation through the function route', () => {
  it('reads the agenda, finds a patient, books after confirmation and cancels', async () => {
    const { user, maria, call, ask } = await practitionerOnCall();

    expect(await ask('get_agenda')).toEqual({
      message: 'You have no appointments on Monday, March 2.',
      data: { date: '2026-03-02', time_zone: BERLIN, appointments: [] },
    });

    const found = await ask('find_patient', { name: 'maria' });
    expect(found.message).toBe('I found 1 patient matching maria.');
    expect(found.data).toEqual({
      patients: [
        { patient_id: maria._id, name: 'Maria Souza', age: maria.age, next_appointment: null },
      ],
    });
    expect(JSON.stringify(found)).not.toContain('Asthma');

    // Without the caller's yes: the summary to read back, and nothing booked.
    const booking = { patient_id: maria._id, start: '2026-03-02T10:00', duration: 30 };
    const readBack = await ask('book_appointment', booking);
    expect(readBack.message).toBe('Shall I book Maria Souza on Mon, Mar 2, 10:00 for 30 minutes?');
    expect(readBack.data).toMatchObject({ status: 'needs_confirmation' });
    expect((await stateOf(ctx, user._id)).appointments).toEqual([]);

    const booked = await ask('book_appointment', { ...booking, confirmed: true });
    expect(booked.message).toBe('Booked Maria Souza, Mon, Mar 2, 10:00.');
    const appointment = (booked.data.appointment ?? {}) as { appointment_id: string };
    const afterBooking = await stateOf(ctx, user._id);
    expect(afterBooking.appointments).toMatchObject([
      {
        id: appointment.appointment_id,
        patientId: maria._id,
        startsAt: new Date('2026-03-02T09:00:00Z'),
      },
    ]);
    // The service's own audit event, marked as coming from this call.
    expect(afterBooking.audit).toContainEqual(
      expect.objectContaining({
        action: 'create',
        outcome: 'success',
        subjectKind: 'appointment',
        subjectId: appointment.appointment_id,
        voiceCallId: call.call_id,
      }),
    );

    const agenda = await ask('get_agenda', { date: '2026-03-02' });
    expect(agenda.message).toBe('You have 1 appointment on Monday, March 2.');
    expect(agenda.data.appointments).toMatchObject([
      {
        appointment_id: appointment.appointment_id,
        patient_name: 'Maria Souza',
        local_start: '2026-03-02T10:00',
      },
    ]);

    const cancelArgs = { appointment_id: appointment.appointment_id };
    expect((await ask('cancel_appointment', cancelArgs)).message).toBe(
      "Shall I cancel Maria Souza's appointment on Mon, Mar 2, 10:00?",
    );
    expect((await stateOf(ctx, user._id)).appointments[0]!.status).toBe('booked');
    expect((await ask('cancel_appointment', { ...cancelArgs, confirmed: true })).message).toBe(
      'Cancelled Maria Souza, Mon, Mar 2, 10:00.',
    );
    const afterCancel = await stateOf(ctx, user._id);
    expect(afterCancel.appointments[0]!.status).toBe('cancelled');
    expect(afterCancel.audit).toContainEqual(
      expect.objectContaining({ action: 'cancel', outcome: 'success', voiceCallId: call.call_id }),
    );
  });

  it('answers a double booking with the nearest free slot and books nothing', async () => {
    const { user, headers, maria, jonas, ask } = await practitionerOnCall();
    await createAppointment(ctx, headers, {
      patientId: maria._id,
      start: '2026-03-02T10:00:00+01:00',
      duration: 60,
    });
    const before = await stateOf(ctx, user._id);

    const answer = await ask('book_appointment', {
      patient_id: jonas._id,
      start: '2026-03-02T10:30',
      duration: 30,
      confirmed: true,
    });
    // 10:00–11:00 is taken: 11:00 starts 30 minutes from the asked time, 09:30 an hour.
    expect(answer.message).toBe('That time is taken; the nearest free slot is Mon, Mar 2, 11:00.');
    expect(answer.data).toEqual({
      status: 'conflict',
      nearest_free_slot: {
        start: '2026-03-02T10:00:00.000Z',
        local_start: '2026-03-02T11:00',
        duration: 30,
      },
    });
    expect((await stateOf(ctx, user._id)).appointments).toEqual(before.appointments);
  });

  it('finds a patient with their next appointment', async () => {
    const { headers, maria, ask } = await practitionerOnCall();
    const next = await createAppointment(ctx, headers, {
      patientId: maria._id,
      start: '2026-03-04T14:00:00+01:00',
    });
    const found = await ask('find_patient', { name: 'Souza' });
    expect(found.data.patients).toMatchObject([
      {
        patient_id: maria._id,
        next_appointment: { appointment_id: next._id, local_start: '2026-03-04T14:00' },
      },
    ]);
  });

  it("answers in the language of the caller's session", async () => {
    const german = await practitionerOnCall('de');
    expect((await german.ask('get_agenda')).message).toBe(
      'Sie haben am Montag, 2. März keine Termine.',
    );
    const chinese = await practitionerOnCall('zh-CN');
    expect((await chinese.ask('find_patient', { name: 'Nobody' })).message).toBe(
      '没有找到与“Nobody”匹配的患者。',
    );
    const arabic = await practitionerOnCall('ar');
    expect((await arabic.ask('find_patient', { name: 'Qqq' })).message).toContain('لم أجد');
    const french = await practitionerOnCall('fr');
    expect((await french.ask('get_agenda')).message).toBe(
      "Vous n'avez aucun rendez-vous le lundi 2 mars.",
    );
  });

  it("cannot touch another user's patient or appointment, and changes nothing", async () => {
    const other = await practitionerOnCall();
    const theirs = await createAppointment(ctx, other.headers, {
      patientId: other.maria._id,
      start: '2026-03-02T12:00:00+01:00',
    });
    const { user, ask } = await practitionerOnCall();
    const before = await stateOf(ctx, other.user._id);

    const booking = await ask('book_appointment', {
      patient_id: other.maria._id,
      start: '2026-03-02T15:00',
      confirmed: true,
    });
    expect(booking).toEqual({
      message: 'I could not find that patient.',
      data: { status: 'not_found' },
    });
    const cancel = await ask('cancel_appointment', { appointment_id: theirs._id, confirmed: true });
    expect(cancel).toEqual({
      message: 'I could not find that appointment.',
      data: { status: 'not_found' },
    });
    expect(await stateOf(ctx, other.user._id)).toEqual(before);
    expect((await stateOf(ctx, user._id)).appointments).toEqual([]);
  });

  it('answers invalid arguments with a sentence and the fields, and changes nothing', async () => {
    const { user, maria, ask } = await practitionerOnCall();
    const answer = await ask('book_appointment', {
      patient_id: maria._id,
      start: 'tomorrow at ten',
      confirmed: true,
    });
    expect(answer).toEqual({
      message: 'Some details are missing or not valid; please say them again.',
      data: {
        status: 'invalid_arguments',
        fieldErrors: { start: 'start must be a time such as 2026-03-02T10:00.' },
      },
    });
    expect((await stateOf(ctx, user._id)).appointments).toEqual([]);
  });

  it('find_patient matches names only: a diagnosis, a phone number or an e-mail finds nobody', async () => {
    const { user, maria, call, ask } = await practitionerOnCall();
    const before = (await stateOf(ctx, user._id)).audit.length;
    for (const name of ['Asthma', 'asth', '0123456789', 'amina@example.com']) {
      const found = await ask('find_patient', { name });
      expect(found.data, name).toEqual({ patients: [] });
    }
    expect((await ask('find_patient', { name: 'SOUZA' })).data).toMatchObject({
      patients: [{ patient_id: maria._id, name: 'Maria Souza' }],
    });
    // Each search is audited as a list, as the web's patient search is, marked with the call.
    const lists = (await stateOf(ctx, user._id)).audit
      .slice(before)
      .filter((event) => event.action === 'list' && event.patientId === null);
    expect(lists).toHaveLength(5);
    expect(lists.every((event) => event.voiceCallId === call.call_id)).toBe(true);
  });

  it('answers a start in the year 9999 as invalid arguments, and books nothing', async () => {
    const { user, maria, ask } = await practitionerOnCall();
    const answer = await ask('book_appointment', {
      patient_id: maria._id,
      start: '9999-12-31T23:00',
      duration: 480,
      confirmed: true,
    });
    expect(answer).toEqual({
      message: 'Some details are missing or not valid; please say them again.',
      data: {
        status: 'invalid_arguments',
        fieldErrors: { start: 'start must be between the years 1900 and 2200.' },
      },
    });
    expect((await stateOf(ctx, user._id)).appointments).toEqual([]);
  });

  it("a non-member's functions say that booking by voice is part of Premier", async () => {
    const { headers, user } = await signIn(ctx, { timeZone: BERLIN });
    const patient = await createPatient(ctx, headers);
    const call = await startVoiceCall(ctx, headers, { agentId: AGENT_ID });
    const before = await stateOf(ctx, user._id);
    for (const [name, args] of [
      ['get_agenda', {}],
      ['book_appointment', { patient_id: patient._id, start: '2026-03-02T10:00', confirmed: true }],
    ] as const) {
      const response = await sender.callFunction(call, name, args);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message:
          'Booking by voice is part of Premier; you can become a member on the Premier page.',
        data: { status: 'premier_required' },
      });
    }
    expect(await stateOf(ctx, user._id)).toEqual(before);
  });
});
