import pg from 'pg';
import { seedPatients, signIn } from './portal.ts';

/** The practitioner the request benches sign in as. */
export const BENCH_DOCTOR = 'bench-doctor@example.test';

/** Patients of the one signed-in practitioner in the request benches. */
export const ROUTE_PATIENTS = Number(process.env.BENCH_PATIENTS ?? 20_000);

export interface BenchRequest {
  /** What it is, for the tables: `get: GET /api/records/patients/{id}`. */
  label: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A new patient's body, every required field filled (the create requests). */
export const NEW_PATIENT = JSON.stringify({
  name: 'Load Test Patient',
  diagnosedWith: 'Hypertension',
  address: '1 Bench Street',
  age: 61,
  bloodGroup: 'B+',
  gender: 'Female',
  email: 'load@example.test',
  phone: '5550001111',
  emergencyContact: { phone: '5550002222' },
  hasChronicDiseases: true,
});

/** Sixteen half-hour appointments a day, 20,000 of them ending this week. */
async function seedAppointments(databaseUrl: string, ownerId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, reason, status)
     select $1::uuid, p.ids[1 + g % array_length(p.ids, 1)], t.starts_at,
       t.starts_at + interval '30 minutes', (array['in-person', 'video', 'phone'])[1 + g % 3],
       'Review', (array['booked', 'fulfilled', 'fulfilled', 'cancelled', 'no-show'])[1 + g % 5]
     from generate_series(0, 19999) g,
       lateral (select date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
         - interval '1243 days' + (g / 16) * interval '1 day' + interval '9 hours'
         + (g % 16) * interval '30 minutes' as starts_at) t,
       (select array_agg(id) as ids
        from (select id from patients where owner_id = $1::uuid limit 1000) x) p`,
    [ownerId],
  );
  await client.query('vacuum analyze appointments');
  await client.end();
}

/**
 * Vacuums what the seeding (or an earlier load) wrote and checkpoints, so that neither autovacuum
 * nor a checkpoint lands in the middle of a measured load.
 */
export async function settle(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze patients, appointments, audit_events');
  await client.query('checkpoint');
  await client.end();
}

/** Monday 00:00 UTC of this week and of the next. */
function thisWeek(): { from: string; to: string } {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day);
  return {
    from: new Date(monday).toISOString(),
    to: new Date(monday + 7 * 86_400_000).toISOString(),
  };
}

/** BENCH_REQUESTS=get,list: only the requests whose labels start with these names. */
const PICKED = process.env.BENCH_REQUESTS?.split(',');

/**
 * Signs a practitioner in to `portalUrl`, gives them ROUTE_PATIENTS patients and 20,000
 * appointments, and answers the five requests the request benches load (or those BENCH_REQUESTS
 * picks): read one patient, a page of 50, a search, a create and the agenda's week.
 */
export async function prepareBenchRequests(
  portalUrl: string,
  databaseUrl: string,
): Promise<BenchRequest[]> {
  const doctor = await signIn(portalUrl, BENCH_DOCTOR);
  await seedPatients(databaseUrl, doctor.userId, ROUTE_PATIENTS);
  await seedAppointments(databaseUrl, doctor.userId);
  await settle(databaseUrl);
  const headers = { authorization: `Bearer ${doctor.token}` };
  const [first] = (await (
    await fetch(`${portalUrl}/api/records/patients?limit=1`, { headers })
  ).json()) as { _id: string }[];
  const get = (label: string, path: string): BenchRequest => ({
    label,
    url: `${portalUrl}${path}`,
    method: 'GET',
    headers,
  });
  const all = [
    get('get: GET /api/records/patients/{id}', `/api/records/patients/${first!._id}`),
    get('list: GET /api/records/patients?limit=50', '/api/records/patients?limit=50'),
    get('search: GET /api/records/patients?q=garcia', '/api/records/patients?q=garcia&limit=50'),
    {
      label: 'create: POST /api/records/patients',
      url: `${portalUrl}/api/records/patients`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: NEW_PATIENT,
    },
    get(
      'week: GET /api/appointments (one week)',
      `/api/appointments?${new URLSearchParams(thisWeek())}`,
    ),
  ];
  return all.filter(
    (request) => !PICKED || PICKED.some((name) => request.label.startsWith(`${name}:`)),
  );
}

/** Sends one request and fails loudly on anything but a success. */
export async function sendOnce({ label, url, method, headers, body }: BenchRequest): Promise<void> {
  const response = await fetch(url, { method, headers, body });
  if (!response.ok) throw new Error(`${label}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}
