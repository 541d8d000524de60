// The cluster checks: each proves one thing that must hold across API instances.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const JOURNAL = path.resolve(
  import.meta.dirname,
  '../../apps/api/src/db/migrations/meta/_journal.json',
);

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

let userCounter = 0;

/**
 * A new local user (or the one of `email`) with a token from `via` (signed in there too unless
 * `isSignedIn` is false): answers the bearer headers.
 */
export async function signIn(via, { isSignedIn = true, email: given } = {}) {
  userCounter += 1;
  const email = given ?? `cluster-${userCounter}-${process.pid}@example.test`;
  const token = await fetch(`${via.url}/api/dev-auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: `Cluster User ${userCounter}` }),
  });
  expect(token.status === 200, `token: ${token.status}`);
  const { idToken } = await token.json();
  const headers = { authorization: `Bearer ${idToken}` };
  if (isSignedIn) {
    const login = await fetch(`${via.url}/api/auth/login`, { method: 'POST', headers });
    expect(login.status === 200, `login: ${login.status}`);
  }
  return headers;
}

export const PATIENT = {
  name: 'Cluster Patient',
  diagnosedWith: 'Asthma',
  address: '1 Loopback Road',
  age: 40,
  bloodGroup: 'A+',
  gender: 'Female',
  phone: '5550001111',
  emergencyContact: { phone: '5550002222' },
  hasChronicDiseases: false,
};

export async function createPatient(via, headers) {
  const response = await fetch(`${via.url}/api/records/patients`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(PATIENT),
  });
  const body = await response.json();
  expect(
    response.status === 201,
    `create on ${via.name}: ${response.status} ${JSON.stringify(body)}`,
  );
  return body;
}

export async function totalCount(via, headers) {
  const response = await fetch(`${via.url}/api/records/patients?limit=1`, { headers });
  expect(response.status === 200, `list on ${via.name}: ${response.status}`);
  return Number(response.headers.get('x-total-count'));
}

/** Both instances, started together on an empty database, applied each migration once. */
export async function checkMigratedOnce({ a, b, databaseUrl }) {
  const expected = JSON.parse(fs.readFileSync(JOURNAL, 'utf8')).entries.length;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n === expected, `${rows[0].n} migration rows, expected ${expected}`);
  } finally {
    await db.end();
  }
  const applied = [a, b].map((instance) => instance.logs('portal ready')[0]?.migrationsApplied);
  expect(
    applied.toSorted().join() === [0, expected].join(),
    `migrations applied by each instance: ${applied.join(', ')} (expected ${expected} and 0)`,
  );
}

/** The start-up trash purge ran on one instance only, and the job row says so. */
export async function checkPurgedOnce({ a, b, databaseUrl }) {
  const runs = [a, b].map((instance) => instance.logs('trash purge ran').length);
  expect(runs[0] + runs[1] === 1, `purge runs per instance: ${runs.join(', ')}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select run_count from periodic_jobs where name = 'purge-trash'`,
    );
    expect(rows[0]?.run_count === 1, `purge-trash run_count ${rows[0]?.run_count}`);
  } finally {
    await db.end();
  }
}

/** A token issued by A's local provider is accepted by B (one signing key in the database). */
export async function checkSharedSignIn({ a, b }) {
  const headers = await signIn(a, { isSignedIn: false });
  const login = await fetch(`${b.url}/api/auth/login`, { method: 'POST', headers });
  expect(login.status === 200, `login on B with A's token: ${login.status}`);
}

/** Every change through one instance shows in the other's X-Total-Count on the next request. */
export async function checkCountInvalidation({ a, b }) {
  const headers = await signIn(a);
  let expected = 0;
  for (let round = 0; round < 20; round += 1) {
    const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
    // The reader caches the count (for 5 s) ...
    expect((await totalCount(reader, headers)) === expected, `count before round ${round}`);
    await createPatient(writer, headers);
    expected += 1;
    // ... and must not answer it again once the writer has answered the change.
    const seen = await totalCount(reader, headers);
    expect(
      seen === expected,
      `round ${round}: ${reader.name} counted ${seen}, expected ${expected}`,
    );
  }
}

/** One user's budget is shared: 30 sign-ins a minute in all, then 429 on either instance. */
export async function checkSharedRateLimit({ a, b }) {
  const headers = await signIn(a, { isSignedIn: false });
  const statuses = [];
  for (let i = 0; i < 32; i += 1) {
    const via = i % 2 === 0 ? a : b;
    statuses.push((await fetch(`${via.url}/api/auth/login`, { method: 'POST', headers })).status);
  }
  const ok = statuses.filter((status) => status === 200).length;
  expect(ok === 30, `${ok} sign-ins answered 200 of 32 (limit 30 per user): ${statuses.join(' ')}`);
  expect(statuses[30] === 429 && statuses[31] === 429, `past the limit: ${statuses.slice(30)}`);
}
