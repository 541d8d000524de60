import { DIRECTORY_MESSAGES, type TFacilitySummary } from '@portal/shared/directory';
import type {
  TDirectoryDoctor,
  TDirectoryDoctorHit,
  TDirectoryFacility,
  TDirectorySlots,
  TDirectorySummary,
} from '@portal/shared/directory-public';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.ts';
import { expectErrorAnswer } from '../../../test/error-answer.ts';
import { createAppointment } from '../../../test/factories/appointments.ts';
import { createPatient } from '../../../test/factories/patients.ts';
import { directoryTestKit, errorOf, REVIEWER_ENV } from './directory.factories.ts';

// Monday 2 March 2026, 06:00 UTC: the practitioners' working hours (09:00–17:00 UTC) are ahead.
const NOW = new Date('2026-03-02T06:00:00.000Z');
const ctx = useTestApp({ env: REVIEWER_ENV, deps: { now: () => NOW } });
const { createFacility, approve, listedDoctor, saveListing, guest, read } = directoryTestKit(ctx);

/** Every field the public may read, and nothing else. */
const FACILITY_FIELDS = [
  '_id',
  'address',
  'city',
  'coordinates',
  'country',
  'kind',
  'name',
  'phone',
];
const DOCTOR_FIELDS = [
  'bio',
  'city',
  'country',
  'facility',
  'languages',
  'name',
  'onlineBooking',
  'picture',
  'publicId',
  'specialties',
  'visitKinds',
];

/** A search answer's doctor: the card, their time zone and next free slots. */
const HIT_FIELDS = [...DOCTOR_FIELDS, 'nextSlots', 'timeZone'].sort();
const SLOT_FIELDS = ['end', 'localTime', 'start'];

function expectOnlyPublicFields(doctor: TDirectoryDoctor, fields = DOCTOR_FIELDS) {
  expect(Object.keys(doctor).sort()).toEqual(fields);
  if (doctor.facility) expect(Object.keys(doctor.facility).sort()).toEqual(FACILITY_FIELDS);
}

describe('the public directory’s answers', () => {
  it('hold only the public fields: no e-mail, account id, registration number, patient or appointment', async () => {
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers, {
      name: 'Hospital Santa Maria Público',
      phone: '+351 217 805 000',
      coordinates: { lat: 38.75, lng: -9.16 },
    });
    await approve('facilities', facility._id);
    const doctor = await listedDoctor({ name: 'Dr. Public Fields' });
    await saveListing(owner.headers, { facilityId: facility._id });
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from directory_listings where user_id = $1',
      [owner.user._id],
    );
    await approve('listings', rows[0]!.id);
    const patient = await createPatient(ctx, doctor.headers, { name: 'Secret Patient Name' });
    await createAppointment(ctx, doctor.headers, {
      patientId: patient._id,
      reason: 'Secret reason',
    });

    const answers = [
      (await read<TDirectoryDoctorHit[]>('/api/directory/doctors?q=Public%20Fields')).body,
      (await read<TDirectoryDoctor>(`/api/directory/doctors/${doctor.publicId}`)).body,
      (await read<TDirectorySlots>(`/api/directory/doctors/${doctor.publicId}/slots`)).body,
      (await read<TFacilitySummary[]>('/api/directory/facilities?q=Santa%20Maria%20P')).body,
      (await read<TDirectoryFacility>(`/api/directory/facilities/${facility._id}`)).body,
    ];
    const [list, card, slots, facilities, withDoctors] = answers as [
      TDirectoryDoctorHit[],
      TDirectoryDoctor,
      TDirectorySlots,
      TFacilitySummary[],
      TDirectoryFacility,
    ];
    expect(list).toHaveLength(1);
    for (const hit of list) {
      expectOnlyPublicFields(hit, HIT_FIELDS);
      expect(hit.nextSlots).toHaveLength(3);
      for (const slot of hit.nextSlots) expect(Object.keys(slot).sort()).toEqual(SLOT_FIELDS);
    }
    expectOnlyPublicFields(card);
    expect(Object.keys(slots).sort()).toEqual(['days', 'duration', 'timeZone']);
    for (const day of slots.days) {
      expect(Object.keys(day).sort()).toEqual(['date', 'slots']);
      for (const slot of day.slots) expect(Object.keys(slot).sort()).toEqual(SLOT_FIELDS);
    }
    expect(facilities.map((item) => Object.keys(item).sort())).toEqual([FACILITY_FIELDS]);
    expect(Object.keys(withDoctors).sort()).toEqual([...FACILITY_FIELDS, 'doctors'].sort());
    expect(withDoctors.doctors).toHaveLength(1);
    withDoctors.doctors.forEach((doctor) => expectOnlyPublicFields(doctor));
    expect(withDoctors.doctors[0]).toMatchObject({
      city: 'Lisboa',
      facility: { name: 'Hospital Santa Maria Público' },
    });

    const text = JSON.stringify(answers);
    for (const secret of [
      doctor.user.email,
      doctor.user._id,
      owner.user.email,
      owner.user._id,
      'OM-51234',
      'Secret Patient Name',
      'Secret reason',
      patient._id,
    ])
      expect(text).not.toContain(secret);
  });

  it('never show a pending, rejected or unlisted listing, nor a pending facility: 404 as if missing', async () => {
    const summaryBefore = (await read<TDirectorySummary>('/api/directory/summary')).body;
    const pending = await listedDoctor({ name: 'Dr. Pending Unseen', isApproved: false });
    const unlisted = await listedDoctor({ name: 'Dr. Unlisted Unseen' });
    await saveListing(unlisted.headers, { listed: false });
    const owner = await signIn(ctx);
    const facility = await createFacility(owner.headers, { name: 'Clínica Unseen' });

    expect((await read<TDirectoryDoctor[]>('/api/directory/doctors?q=Unseen')).body).toEqual([]);
    expect((await read<TFacilitySummary[]>('/api/directory/facilities?q=Unseen')).body).toEqual([]);
    for (const id of [pending.publicId, unlisted.publicId, pending.user._id, 'nonsense'])
      expectErrorAnswer(
        await guest(`/api/directory/doctors/${id}`),
        404,
        errorOf('DOCTOR_NOT_FOUND'),
      );
    expectErrorAnswer(
      await guest(`/api/directory/facilities/${facility._id}`),
      404,
      errorOf('DIRECTORY_FACILITY_NOT_FOUND'),
    );
    // Nor are they counted; an approved one is.
    expect((await read<TDirectorySummary>('/api/directory/summary')).body).toEqual(summaryBefore);
    await listedDoctor({ name: 'Dr. Counted Seen' });
    expect((await read<TDirectorySummary>('/api/directory/summary')).body).toEqual({
      ...summaryBefore,
      doctors: summaryBefore.doctors + 1,
    });
  });
});

describe('GET /api/directory/doctors', () => {
  it('finds by name, by a specialty named in any of the five languages, and by language, city and visit kind', async () => {
    const cardiologist = await listedDoctor({
      name: 'Dr. Samira Findme',
      listing: { specialties: ['394579002'], languages: ['ar', 'fr'], visitKinds: ['video'] },
      practice: { city: 'Porto', country: 'PT' },
    });
    const neurologist = await listedDoctor({
      name: 'Dr. Nuno Findme',
      listing: { specialties: ['394591006'], languages: ['pt'], visitKinds: ['in-person'] },
      practice: { city: 'Lisboa', country: 'PT' },
    });
    const ids = async (query: string) =>
      (await read<TDirectoryDoctor[]>(`/api/directory/doctors?${query}`)).body.map(
        (doctor) => doctor.publicId,
      );
    expect(await ids('q=findme')).toEqual([neurologist.publicId, cardiologist.publicId]);
    for (const q of ['Kardio', 'cardiolog', '心脏', 'أمراض القلب'])
      expect(await ids(`q=${encodeURIComponent(q)}&city=porto`)).toEqual([cardiologist.publicId]);
    expect(await ids('q=findme&language=ar')).toEqual([cardiologist.publicId]);
    expect(await ids('q=findme&kind=in-person')).toEqual([neurologist.publicId]);
    expect(await ids('q=findme&specialty=394591006&city=LISBOA')).toEqual([neurologist.publicId]);
    expect(await ids('q=100%25')).toEqual([]);
  });

  it('follows a change of the practitioner’s name, their practice’s city and their facility’s approval', async () => {
    const doctor = await listedDoctor({
      name: 'Dr. Before Rename',
      practice: { city: 'Faro', country: 'PT' },
    });
    const names = async (query: string) =>
      (await read<TDirectoryDoctor[]>(`/api/directory/doctors?${query}`)).body.map(
        (item) => item.name,
      );
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers: doctor.headers });
    const { user } = profile.json<{ user: Record<string, unknown> }>();
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: doctor.headers,
      payload: { name: 'Dr. After Rename', email: user.email },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/practice',
      headers: doctor.headers,
      payload: { city: 'Évora', country: 'PT' },
    });
    expect(await names('q=Rename')).toEqual(['Dr. After Rename']);
    expect(await names('q=Rename&city=%C3%89VORA')).toEqual(['Dr. After Rename']);

    const facility = await createFacility(doctor.headers, { city: 'Coimbra' });
    await saveListing(doctor.headers, { facilityId: facility._id });
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from directory_listings where user_id = $1',
      [doctor.user._id],
    );
    await approve('listings', rows[0]!.id);
    expect(await names('q=Rename&city=coimbra')).toEqual([]);
    await approve('facilities', facility._id);
    expect(await names('q=Rename&city=coimbra')).toEqual(['Dr. After Rename']);
    expect(await names('q=Rename&city=evora')).toEqual([]);
  });

  it('pages by name with X-Total-Count and a next link', async () => {
    for (const name of ['Dr. Pager Ana', 'Dr. Pager Bea', 'Dr. Pager Cai'])
      await listedDoctor({ name });
    const first = await read<TDirectoryDoctor[]>('/api/directory/doctors?q=Pager&limit=2');
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.body.map((doctor) => doctor.name)).toEqual(['Dr. Pager Ana', 'Dr. Pager Bea']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const second = await read<TDirectoryDoctor[]>(next);
    expect(second.body.map((doctor) => doctor.name)).toEqual(['Dr. Pager Cai']);
    expect(second.headers.link).toBeUndefined();
  });

  it('refuses a bad filter with a clear message', async () => {
    expectErrorAnswer(await guest('/api/directory/doctors?specialty=heart', '192.0.2.250'), 400, {
      code: 'VALIDATION_FAILED',
      message: DIRECTORY_MESSAGES.specialtyFilterInvalid,
      fieldErrors: { specialty: DIRECTORY_MESSAGES.specialtyFilterInvalid },
    });
    expectErrorAnswer(
      await guest('/api/directory/doctors?cursor=abc', '192.0.2.250'),
      400,
      errorOf('INVALID_CURSOR'),
    );
  });

  it('answers 429 past 120 requests a minute from one address, while other addresses are served', async () => {
    const statuses = [];
    for (let i = 0; i < 121; i += 1)
      statuses.push((await guest('/api/directory/facilities', '198.18.0.1')).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await guest('/api/directory/facilities', '198.18.0.2')).statusCode).toBe(200);
  });
});

describe('GET /api/directory/facilities', () => {
  it('finds approved facilities by name, city and kind', async () => {
    const owner = await signIn(ctx);
    const pharmacy = await createFacility(owner.headers, {
      name: 'Farmácia Estrela Kindtest',
      kind: 'pharmacy',
      city: 'Braga',
    });
    const hospital = await createFacility(owner.headers, {
      name: 'Hospital Estrela Kindtest',
      city: 'Braga',
    });
    await approve('facilities', pharmacy._id);
    await approve('facilities', hospital._id);
    const names = async (query: string) =>
      (await read<TFacilitySummary[]>(`/api/directory/facilities?${query}`)).body.map(
        (item) => item.name,
      );
    expect(await names('q=estrela%20kindtest')).toEqual([
      'Farmácia Estrela Kindtest',
      'Hospital Estrela Kindtest',
    ]);
    expect(await names('q=kindtest&kind=pharmacy&city=braga')).toEqual([
      'Farmácia Estrela Kindtest',
    ]);
    expect(await names('q=kindtest&city=Lisboa')).toEqual([]);
  });
});
