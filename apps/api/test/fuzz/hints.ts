import fc from 'fast-check';
import { correctionHints } from './corrections.ts';
import { directoryHints } from './directory.ts';
import { kindHints } from './kinds.ts';
import { medicineHints } from './medicines.ts';
import { messageHints } from './messages.ts';
import { patientAccessHints } from './patient-access.ts';
import type { Operation } from './openapi.ts';
import type { FuzzUser, Pools } from './pools.ts';
import type { Hints } from './schema-arbitraries.ts';
import { FUZZ_DAYS } from './url-parts.ts';
import { videoHints } from './video.ts';
import { visitHints } from './visits.ts';

/**
 * Body fields drawn from values that get past validation: the actor's own ids and sessions,
 * the agent and amount the server expects, appointment times on FUZZ_DAYS.
 */
export function hintsFor(operation: Operation, actor: FuzzUser, pools: Pools): Hints {
  // Paid sessions first: confirming one is the only way PUT /user/subscription succeeds.
  const own = pools.sessions.filter((session) => session.userId === actor.user._id);
  const paid = own.filter((session) => session.status === 'paid');
  const ownSessions = paid.length ? paid : own;
  const digits10 = fc.stringMatching(/^\d{10}$/);
  const hints: Hints = {
    agent_id: fc.constant(pools.agentId),
    amount: fc.constant(pools.premiumAmount),
    ...(ownSessions.length && { sessionId: fc.constantFrom(...ownSessions.map((s) => s.id)) }),
  };
  if (operation.path.startsWith('/api/appointments')) {
    const own = pools.patients.filter((p) => p.ownerId === actor.user._id);
    Object.assign(hints, {
      patientId: fc.constantFrom(...(own.length ? own : pools.patients).map((p) => p.id)),
      start: fc
        .tuple(fc.constantFrom(...FUZZ_DAYS), fc.integer({ min: 0, max: 95 }))
        .map(([day, quarter]) =>
          new Date(Date.parse(`${day}T00:00:00Z`) + quarter * 900_000).toISOString(),
        ),
      duration: fc.integer({ min: 5, max: 120 }),
    });
  }
  if (operation.path.includes('/visits'))
    Object.assign(hints, visitHints(actor.user._id, pools.appointments));
  Object.assign(hints, kindHints(operation, pools.kinds));
  Object.assign(hints, patientAccessHints(operation, pools));
  Object.assign(hints, correctionHints(operation, pools));
  Object.assign(hints, directoryHints(operation, actor.user._id, pools));
  Object.assign(hints, messageHints(operation, actor.user._id, pools));
  Object.assign(hints, videoHints(operation));
  Object.assign(hints, medicineHints(operation, pools.medicines));
  // Approving a refill writes a prescription: its body is the prescriptions' own.
  if (operation.path.endsWith('/refill-requests/{requestId}/approve'))
    Object.assign(
      hints,
      kindHints({ ...operation, path: '/api/records/patients/{id}/prescriptions' }, pools.kinds),
    );
  if (operation.path.startsWith('/api/records/patients'))
    Object.assign(hints, {
      email: fc.oneof(fc.emailAddress(), fc.constant('')),
      // Ten digits as typed, a number with its country, now and then one that is no number.
      phone: fc.oneof(
        { weight: 4, arbitrary: digits10 },
        {
          weight: 2,
          arbitrary: fc.constantFrom('+351 912 345 678', '+49 30 901820', '+33612345678'),
        },
        { weight: 1, arbitrary: fc.constantFrom('+351 12', '555-CALL-NOW') },
      ),
      // Mostly real days in the past (a save gets past validation), now and then an impossible one.
      dateOfBirth: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('1958-03-14', '2024-02-29', '') },
        { weight: 1, arbitrary: fc.constantFrom('2031-01-01', '1958-02-30') },
      ),
    });
  if (operation.path === '/api/user/update-profile')
    Object.assign(hints, {
      email: fc.constant(actor.user.email),
      age: fc.oneof(
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }).map(String),
        fc.constant(null),
      ),
      gender: fc.constantFrom('male', 'female', 'other', '', null),
      phone: fc.oneof(digits10, fc.constantFrom('', null)),
      picture: fc.constantFrom(
        'https://example.com/me.png',
        'https://cdn.example.org/a/b.jpg?x=1',
        '',
        null,
      ),
    });
  return hints;
}
