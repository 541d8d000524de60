import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.ts';

/**
 * The double-booking rules of migration 0004, straight against PostgreSQL: whatever code writes
 * the rows, two live appointments of one owner, or of one patient, never overlap.
 */
const database = useTestDatabase();
let owner: string;
let otherOwner: string;
let patient: string;
let otherPatient: string;

beforeAll(async () => {
  const { rows: users } = await database.pool.query<{ id: string }>(
    `insert into users (uid, email, name) values ('local:c1', 'c1@example.test', 'C1'),
       ('local:c2', 'c2@example.test', 'C2') returning id`,
  );
  [owner, otherOwner] = users.map((row) => row.id) as [string, string];
  const { rows: patients } = await database.pool.query<{ id: string }>(
    `insert into patients (owner_id, name, diagnosed_with, address, age, blood_group, gender, phone, emergency_phone)
     select $1::uuid, 'P' || g, 'D', 'A', 40, 'O+', 'Female', '5550001111', '5550002222'
     from generate_series(1, 2) g returning id`,
    [owner],
  );
  [patient, otherPatient] = patients.map((row) => row.id) as [string, string];
});

async function insert(values: {
  ownerId?: string;
  patientId?: string;
  start: string;
  end: string;
  status?: string;
  requestExpiresAt?: string | null;
}) {
  const status = values.status ?? 'booked';
  await database.pool.query(
    `insert into appointments (owner_id, patient_id, starts_at, ends_at, kind, status, request_expires_at)
     values ($1, $2, $3, $4, 'in-person', $5, $6)`,
    [
      values.ownerId ?? owner,
      values.patientId ?? patient,
      values.start,
      values.end,
      status,
      values.requestExpiresAt === undefined
        ? status === 'requested'
          ? values.start
          : null
        : values.requestExpiresAt,
    ],
  );
}

const exclusion = { code: '23P01' };

describe('appointments table (migration 0004)', () => {
  it('has the btree_gist extension', async () => {
    const { rows } = await database.pool.query(
      `select 1 from pg_extension where extname = 'btree_gist'`,
    );
    expect(rows).toHaveLength(1);
  });

  it("refuses an overlap in the owner's agenda, allows back-to-back and cancelled ones", async () => {
    await insert({ start: '2026-03-02T09:00Z', end: '2026-03-02T09:30Z' });
    await expect(
      insert({ patientId: otherPatient, start: '2026-03-02T09:29Z', end: '2026-03-02T10:00Z' }),
    ).rejects.toMatchObject({ ...exclusion, constraint: 'appointments_owner_no_overlap' });
    await insert({ patientId: otherPatient, start: '2026-03-02T09:30Z', end: '2026-03-02T10:00Z' });
    for (const status of ['cancelled', 'no-show']) {
      await insert({ start: '2026-03-02T09:00Z', end: '2026-03-02T09:30Z', status });
    }
  });

  it('refuses a patient booked twice at overlapping times, whoever books', async () => {
    await insert({ start: '2026-03-03T09:00Z', end: '2026-03-03T10:00Z' });
    await expect(
      insert({ ownerId: otherOwner, start: '2026-03-03T09:45Z', end: '2026-03-03T10:15Z' }),
    ).rejects.toMatchObject({ ...exclusion, constraint: 'appointments_patient_no_overlap' });
  });

  it('counts a request as live (migration 0027): it holds the time until it is cancelled', async () => {
    await insert({ start: '2026-03-05T09:00Z', end: '2026-03-05T09:30Z', status: 'requested' });
    await expect(
      insert({ patientId: otherPatient, start: '2026-03-05T09:15Z', end: '2026-03-05T09:45Z' }),
    ).rejects.toMatchObject({ ...exclusion, constraint: 'appointments_owner_no_overlap' });
    await database.pool.query(
      `update appointments set status = 'cancelled', cancel_reason = 'expired'
       where owner_id = $1 and status = 'requested'`,
      [owner],
    );
    await insert({ patientId: otherPatient, start: '2026-03-05T09:15Z', end: '2026-03-05T09:45Z' });
  });

  it('refuses a request without its deadline, and a cancel reason it does not know', async () => {
    await expect(
      insert({
        start: '2026-03-06T09:00Z',
        end: '2026-03-06T09:30Z',
        status: 'requested',
        requestExpiresAt: null,
      }),
    ).rejects.toMatchObject({ code: '23514', constraint: 'appointments_request_expiry_check' });
    await expect(
      database.pool.query(`update appointments set cancel_reason = 'bored' where owner_id = $1`, [
        owner,
      ]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'appointments_cancel_reason_check' });
  });

  it('lets only a self-registered patient lack the clinical fields', async () => {
    const incomplete = (selfRegistered: boolean) =>
      database.pool.query(
        `insert into patients (owner_id, name, diagnosed_with, address, age, phone, emergency_phone, self_registered)
         values ($1, 'Booked Online', '', '', 0, '', '', $2)`,
        [owner, selfRegistered],
      );
    await expect(incomplete(false)).rejects.toMatchObject({
      code: '23514',
      constraint: 'patients_complete_check',
    });
    await incomplete(true);
  });

  it('keeps durations within 5 to 480 minutes and statuses and kinds to the known ones', async () => {
    await expect(
      insert({ start: '2026-03-04T09:00Z', end: '2026-03-04T09:04Z' }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      insert({ start: '2026-03-04T09:00Z', end: '2026-03-04T17:01Z' }),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      insert({ start: '2026-03-04T09:00Z', end: '2026-03-04T10:00Z', status: 'maybe' }),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
