import { http, type HttpHandler } from 'msw';
import type { TFacilitySummary } from '@portal/shared/directory';
import type {
  TDirectoryDoctor,
  TDirectoryDoctorHit,
  TDirectorySlots,
} from '@portal/shared/directory-public';
import { specialtyCodesMatching } from '@portal/shared/specialties';
import { addDays, toWallTime } from '@portal/shared/zoned-time';
import type { TDirectoryBooking } from '@portal/shared/booking';
import { json, refuse } from './http.ts';

/**
 * The public directory as the fake API answers it: doctors with their free times, facilities,
 * and bookings. Searches filter as the API does (a name fragment or a specialty named in any
 * language, specialty, language, city, kind of visit), page by `limit` with `X-Total-Count` and a
 * `Link: <…>; rel="next"` header (the cursor is the next index). A booking of a time in `taken`
 * is 409 `SLOT_TAKEN`; once `openRequests` reaches 3, a request is 409 `BOOKING_REQUESTS_LIMIT`.
 */
export class FakeDirectory {
  doctors: (TDirectoryDoctor & {
    timeZone: string;
    slots: { start: string; localTime: string }[];
  })[] = [];
  facilities: TFacilitySummary[] = [];
  /** Starts someone else has just booked: booking them answers SLOT_TAKEN. */
  taken = new Set<string>();
  openRequests = 0;
  bookings: { id: string; body: unknown }[] = [];

  hitOf(doctor: FakeDirectory['doctors'][number]): TDirectoryDoctorHit {
    const { slots, ...card } = doctor;
    const free = slots.filter((slot) => !this.taken.has(slot.start));
    return {
      ...card,
      nextSlots: doctor.onlineBooking === 'off' ? [] : free.slice(0, 3).map(asSlot),
    };
  }

  cardOf(doctor: FakeDirectory['doctors'][number]): TDirectoryDoctor {
    const { slots: _slots, timeZone: _zone, ...card } = doctor;
    return card;
  }
}

const asSlot = ({ start, localTime }: { start: string; localTime: string }) => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  localTime,
});

/** A listed doctor; `slots` are their free starts (ISO), in their zone's wall time. */
export function createDirectoryDoctor(
  overrides: Partial<FakeDirectory['doctors'][number]> & { starts?: string[] } = {},
): FakeDirectory['doctors'][number] {
  const { starts = [], ...rest } = overrides;
  const timeZone = rest.timeZone ?? 'Europe/Lisbon';
  return {
    publicId: '5d0f3c1e-8a7b-4c2d-9e1f-000000000001',
    name: 'Dr. Layla Haddad',
    picture: null,
    specialties: ['394579002'],
    languages: ['en', 'ar'],
    bio: 'Heart health for adults.',
    visitKinds: ['in-person', 'video'],
    onlineBooking: 'instant',
    facility: null,
    city: 'Lisboa',
    country: 'PT',
    timeZone,
    slots: starts.map((start) => ({ start, localTime: toWallTime(start, timeZone).time })),
    ...rest,
  };
}

export function createDirectoryFacility(
  overrides: Partial<TFacilitySummary> = {},
): TFacilitySummary {
  return {
    _id: '9b2e7c4a-1d3f-4a5b-8c6d-000000000001',
    kind: 'hospital',
    name: 'Hospital Santa Maria',
    address: 'Av. Prof. Egas Moniz',
    city: 'Lisboa',
    country: 'PT',
    phone: '+351217805000',
    coordinates: null,
    ...overrides,
  };
}

const contains = (text: string, fragment: string) =>
  text.toLocaleLowerCase('en').includes(fragment.toLocaleLowerCase('en'));

function paged<T>(items: T[], url: URL): Response {
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const page = items.slice(from, from + limit);
  const headers: Record<string, string> = { 'X-Total-Count': String(items.length) };
  if (from + limit < items.length) {
    const next = new URL(url);
    next.searchParams.set('cursor', String(from + limit));
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return json(page, { headers });
}

export function directoryHandlers(directory: FakeDirectory): HttpHandler[] {
  const find = (id: string | readonly string[] | undefined) =>
    directory.doctors.find((doctor) => doctor.publicId === id);
  return [
    http.get('/api/directory/doctors', ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q') ?? '';
      const specialty = url.searchParams.get('specialty');
      const language = url.searchParams.get('language');
      const city = url.searchParams.get('city');
      const kind = url.searchParams.get('kind');
      const codes = specialtyCodesMatching(q);
      const matches = directory.doctors.filter(
        (doctor) =>
          (!q || contains(doctor.name, q) || doctor.specialties.some((c) => codes.includes(c))) &&
          (!specialty || doctor.specialties.includes(specialty)) &&
          (!language || doctor.languages.includes(language)) &&
          (!city ||
            (doctor.facility?.city ?? doctor.city ?? '').toLowerCase() === city.toLowerCase()) &&
          (!kind || doctor.visitKinds.includes(kind as never)),
      );
      return paged(
        matches.map((doctor) => directory.hitOf(doctor)),
        url,
      );
    }),
    http.get('/api/directory/doctors/:id', ({ params }) => {
      const doctor = find(params.id);
      return doctor ? json(directory.cardOf(doctor)) : refuse('DOCTOR_NOT_FOUND', 404);
    }),
    http.get('/api/directory/doctors/:id/slots', ({ params, request }) => {
      const doctor = find(params.id);
      if (!doctor) return refuse('DOCTOR_NOT_FOUND', 404);
      const url = new URL(request.url);
      const first = url.searchParams.get('from') ?? toWallTime(new Date(), doctor.timeZone).date;
      const last = url.searchParams.get('to') ?? addDays(first, 6);
      const days: TDirectorySlots['days'] = [];
      for (let date = first; date <= last; date = addDays(date, 1))
        days.push({
          date,
          slots:
            doctor.onlineBooking === 'off'
              ? []
              : doctor.slots
                  .filter(
                    (slot) =>
                      !directory.taken.has(slot.start) &&
                      toWallTime(slot.start, doctor.timeZone).date === date,
                  )
                  .map(asSlot),
        });
      return json({ timeZone: doctor.timeZone, duration: 30, days } satisfies TDirectorySlots);
    }),
    http.post('/api/directory/doctors/:id/bookings', async ({ params, request }) => {
      const doctor = find(params.id);
      if (!doctor) return refuse('DOCTOR_NOT_FOUND', 404);
      const body = (await request.json()) as { start: string; kind: TDirectoryBooking['kind'] };
      directory.bookings.push({ id: doctor.publicId, body });
      if (directory.taken.has(body.start)) return refuse('SLOT_TAKEN', 409);
      const isRequest = doctor.onlineBooking === 'request';
      if (isRequest && directory.openRequests >= 3) return refuse('BOOKING_REQUESTS_LIMIT', 409);
      if (isRequest) directory.openRequests += 1;
      directory.taken.add(body.start);
      const booking: TDirectoryBooking = {
        _id: `0c1d2e3f-4a5b-4c6d-8e7f-${String(directory.bookings.length).padStart(12, '0')}`,
        start: body.start,
        end: new Date(Date.parse(body.start) + 30 * 60_000).toISOString(),
        status: isRequest ? 'requested' : 'booked',
        kind: body.kind,
        practitionerName: doctor.name,
        requestExpiresAt: isRequest
          ? new Date(Date.parse(body.start) - 24 * 3_600_000).toISOString()
          : null,
      };
      return json(booking, { status: 201 });
    }),
    http.get('/api/directory/facilities', ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q') ?? '';
      const city = url.searchParams.get('city');
      const kind = url.searchParams.get('kind');
      return paged(
        directory.facilities.filter(
          (facility) =>
            (!q || contains(facility.name, q)) &&
            (!city || facility.city.toLowerCase() === city.toLowerCase()) &&
            (!kind || facility.kind === kind),
        ),
        url,
      );
    }),
    http.get('/api/directory/facilities/:id', ({ params }) => {
      const facility = directory.facilities.find((item) => item._id === params.id);
      if (!facility) return refuse('DIRECTORY_FACILITY_NOT_FOUND', 404);
      const doctors = directory.doctors
        .filter((doctor) => doctor.facility?._id === facility._id)
        .map((doctor) => directory.cardOf(doctor));
      return json({ ...facility, doctors });
    }),
  ];
}
