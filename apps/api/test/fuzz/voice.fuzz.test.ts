import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/db/schema/appointments.ts';
import { bindVoiceCall } from '../../src/modules/voice/voice-calls.repository.ts';
import { createTestApp, signIn, type TestContext } from '../app.ts';
import { createAppointment } from '../factories/appointments.ts';
import { becomeMember } from '../factories/billing.ts';
import { createPatient } from '../factories/patients.ts';
import { startFakeRetell, type FakeRetell } from '../fake-retell.ts';
import { nastyText, wrongTypeValue } from './schema-arbitraries.ts';

/**
 * The agent's function route with voice configured: generated function calls signed with the
 * real API key (as a confused or compromised agent would send them) beside forged ones. No
 * request may answer 5xx; forged ones answer 401; signed ones answer a sentence or a clear 4xx,
 * and the other practitioner's appointments never change.
 */

const SEED = 20_260_519;
const REQUESTS = 600;
const API_KEY = 'key_voice_fuzz_44e1';
const AGENT_ID = 'agent_voice_fuzz';

let ctx: TestContext;
let retell: FakeRetell;
const ids = { patients: [] as string[], appointments: [] as string[], calls: [] as string[] };
let otherUserId = '';

beforeAll(async () => {
  retell = await startFakeRetell();
  ctx = await createTestApp({
    env: { RETELL_API_KEY: API_KEY, RETELL_AGENT_ID: AGENT_ID, RETELL_BASE_URL: retell.url },
  });
  const [member, other] = [await signIn(ctx), await signIn(ctx)];
  await becomeMember(ctx, member.headers);
  otherUserId = other.user._id;
  for (const session of [member, other]) {
    const patient = await createPatient(ctx, session.headers);
    const appointment = await createAppointment(ctx, session.headers, {
      patientId: patient._id,
      start: '2030-01-07T09:00:00Z',
    });
    ids.patients.push(patient._id);
    ids.appointments.push(appointment._id);
  }
  // Enough bound calls that the per-call limit (30 a minute) is not what answers.
  for (let i = 0; i < REQUESTS / 20; i += 1) {
    const callId = `call_voice_fuzz_${i}`;
    await bindVoiceCall(ctx.database.db, {
      callId,
      userId: member.user._id,
      agentId: AGENT_ID,
      language: ['en', 'ar', 'fr', 'de', 'zh-CN'][i % 5]!,
      startedAt: new Date(),
    });
    ids.calls.push(callId);
  }
});

afterAll(async () => {
  await ctx?.close();
  await retell?.close();
});

const anyValue = fc.oneof(nastyText, wrongTypeValue, fc.integer(), fc.boolean());

function argsArbitrary() {
  return fc.dictionary(
    fc.constantFrom(
      'date',
      'name',
      'patient_id',
      'start',
      'duration',
      'reason',
      'kind',
      'appointment_id',
      'confirmed',
      '__proto__',
    ),
    fc.oneof(
      anyValue,
      fc.constantFrom(...ids.patients, ...ids.appointments),
      fc.constantFrom('2030-01-07', '2030-01-07T09:00', '2030-01-07T10:15', '2030-02-30T10:00'),
      fc.integer({ min: -10, max: 600 }),
      fc.constant(true),
    ),
  );
}

function requestArbitrary() {
  return fc.record({
    name: fc.oneof(
      {
        arbitrary: fc.constantFrom(
          'get_agenda',
          'find_patient',
          'book_appointment',
          'cancel_appointment',
        ),
        weight: 6,
      },
      { arbitrary: nastyText, weight: 1 },
    ),
    callId: fc.oneof(
      { arbitrary: fc.constantFrom(...ids.calls), weight: 9 },
      { arbitrary: fc.constant('call_unknown'), weight: 1 },
    ),
    agentId: fc.constantFrom(AGENT_ID, AGENT_ID, 'agent_other'),
    args: fc.oneof({ arbitrary: argsArbitrary(), weight: 6 }, { arbitrary: anyValue, weight: 1 }),
    signing: fc.constantFrom('signed', 'signed', 'signed', 'unsigned', 'wrong key', 'changed'),
  });
}

describe('the voice function route under generated calls', () => {
  it(`${REQUESTS} calls: no 5xx; forged ones 401; signed ones a sentence or a clear refusal`, async () => {
    const requests = fc.sample(requestArbitrary(), { seed: SEED, numRuns: REQUESTS });
    const theirs = async () =>
      ctx.database.db.select().from(appointments).where(eq(appointments.ownerId, otherUserId));
    const before = await theirs();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const request of requests) {
      const body = JSON.stringify({
        name: request.name,
        call: { call_id: request.callId, agent_id: request.agentId },
        args: request.args,
      });
      const signature =
        request.signing === 'unsigned'
          ? undefined
          : await Retell.sign(
              request.signing === 'changed' ? `${body} ` : body,
              request.signing === 'wrong key' ? 'key_forged' : API_KEY,
            );
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/retellai/functions',
        headers: {
          'content-type': 'application/json',
          ...(signature && { 'x-retell-signature': signature }),
        },
        payload: body,
      });
      const status = response.statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const label = `${request.signing} ${request.name} → ${status} ${response.body.slice(0, 200)}`;
      if (status >= 500) failures.push(label);
      if (request.signing !== 'signed' && status !== 401) failures.push(`forged: ${label}`);
      if (status === 200) {
        const answer = response.json() as { message?: unknown; data?: unknown };
        if (
          typeof answer.message !== 'string' ||
          !answer.message ||
          typeof answer.data !== 'object'
        )
          failures.push(`200 without a sentence and data: ${label}`);
      } else if (![400, 401, 403, 429].includes(status)) failures.push(`unexpected: ${label}`);
    }
    console.log(`voice fuzz: ${REQUESTS} calls, statuses ${JSON.stringify([...statuses])}`);
    expect(failures.slice(0, 10), failures.slice(0, 10).join('\n')).toEqual([]);
    expect(await theirs()).toEqual(before);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  });
});
