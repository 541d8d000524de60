import {
  fakerAR,
  fakerDE,
  fakerEN_GB,
  fakerFR,
  fakerPT_PT,
  fakerZH_CN,
  type Faker,
} from '@faker-js/faker';
import type { TAppointmentKind } from '@portal/shared/appointment';
import type { TFacilityKind, TOnlineBooking } from '@portal/shared/directory';
import { BLOOD_GROUPS, PATIENT_GENDERS, type TPatientInput } from '@portal/shared/patient';
import { DEFAULT_WORKING_HOURS, type TWorkingHours } from '@portal/shared/profile';
import { SPECIALTIES } from '@portal/shared/specialties';
import { addDays, fromWallTime, weekdayOf } from '@portal/shared/zoned-time';

/**
 * The demo directory: practitioners, facilities, patients and appointments made up from a fixed
 * seed, so every install that runs `npm run seed:demo` shows the same directory. Everything in it
 * is marked: accounts have a `demo:` identity no sign-in provider issues and `example.test`
 * addresses, facility names end in "(demo)" and every biography starts with "Demo profile".
 * Appointments are laid out from `today`, so the agenda looks alive whenever it is seeded.
 */

export const DEMO_SEED = 20_261_128;
export const DEMO_UID_PREFIX = 'demo:';
export const DEMO_EMAIL_DOMAIN = 'demo.example.test';

const PRACTITIONERS_PER_CITY = 20;
const PATIENTS_PER_PRACTITIONER = 3;
const APPOINTMENTS_PER_PRACTITIONER = 6;
const APPOINTMENT_DAYS = 14;
const APPOINTMENT_MINUTES = 30;

interface City {
  name: string;
  country: string;
  timeZone: string;
  /** The directory language most of its practitioners speak besides English. */
  language: string;
  /** Latitude and longitude of its centre; facilities lie within a few kilometres. */
  center: readonly [number, number];
  faker: Faker;
}

const CITIES: readonly City[] = [
  {
    name: 'Lisbon',
    center: [38.7223, -9.1393],
    country: 'PT',
    timeZone: 'Europe/Lisbon',
    language: 'pt',
    faker: fakerPT_PT,
  },
  {
    name: 'Porto',
    center: [41.1579, -8.6291],
    country: 'PT',
    timeZone: 'Europe/Lisbon',
    language: 'pt',
    faker: fakerPT_PT,
  },
  {
    name: 'Berlin',
    center: [52.52, 13.405],
    country: 'DE',
    timeZone: 'Europe/Berlin',
    language: 'de',
    faker: fakerDE,
  },
  {
    name: 'Munich',
    center: [48.1351, 11.582],
    country: 'DE',
    timeZone: 'Europe/Berlin',
    language: 'de',
    faker: fakerDE,
  },
  {
    name: 'Paris',
    center: [48.8566, 2.3522],
    country: 'FR',
    timeZone: 'Europe/Paris',
    language: 'fr',
    faker: fakerFR,
  },
  {
    name: 'Lyon',
    center: [45.764, 4.8357],
    country: 'FR',
    timeZone: 'Europe/Paris',
    language: 'fr',
    faker: fakerFR,
  },
  {
    name: 'Cairo',
    center: [30.0444, 31.2357],
    country: 'EG',
    timeZone: 'Africa/Cairo',
    language: 'ar',
    faker: fakerAR,
  },
  {
    name: 'Dubai',
    center: [25.2048, 55.2708],
    country: 'AE',
    timeZone: 'Asia/Dubai',
    language: 'ar',
    faker: fakerAR,
  },
  {
    name: 'Shanghai',
    center: [31.2304, 121.4737],
    country: 'CN',
    timeZone: 'Asia/Shanghai',
    language: 'zh-CN',
    faker: fakerZH_CN,
  },
  {
    name: 'London',
    center: [51.5072, -0.1276],
    country: 'GB',
    timeZone: 'Europe/London',
    language: 'en',
    faker: fakerEN_GB,
  },
];

/**
 * Mobile numbers of each demo country: its calling code and a mobile prefix, then the digits
 * that follow, so every number is one a phone library accepts for that country.
 */
const MOBILE_NUMBERS: Record<string, { prefix: string; digits: number }> = {
  PT: { prefix: '+35191', digits: 7 },
  DE: { prefix: '+49151', digits: 8 },
  FR: { prefix: '+336', digits: 8 },
  EG: { prefix: '+2010', digits: 8 },
  AE: { prefix: '+97150', digits: 7 },
  CN: { prefix: '+86138', digits: 8 },
  GB: { prefix: '+4479', digits: 8 },
};

const FACILITY_KINDS: readonly { kind: TFacilityKind; label: string }[] = [
  { kind: 'hospital', label: 'Hospital' },
  { kind: 'clinic', label: 'Clinic' },
  { kind: 'pharmacy', label: 'Pharmacy' },
];

const DIAGNOSES = [
  'Hypertension',
  'Type 2 diabetes',
  'Asthma',
  'Migraine',
  'Hypothyroidism',
  'Atrial fibrillation',
  'Osteoarthritis of the knee',
  'Eczema',
];

export interface DemoPractitioner {
  uid: string;
  email: string;
  name: string;
  timeZone: string;
  workingHours: TWorkingHours;
  practiceName: string;
  practiceCity: string;
  practiceCountry: string;
  practicePhone: string;
  registrationNumber: string;
  /** Index in `facilities` of where the practitioner works. */
  facility: number;
  /** Whether the practitioner owns that facility (else accepted staff). */
  ownsFacility: boolean;
  listing: {
    specialties: string[];
    languages: string[];
    bio: string;
    visitKinds: TAppointmentKind[];
    onlineBooking: TOnlineBooking;
  };
  patients: TPatientInput[];
  /** Booked appointments: UTC start and end, index into `patients`, kind. */
  appointments: { start: Date; end: Date; patient: number; kind: TAppointmentKind }[];
}

export interface DemoFacility {
  kind: TFacilityKind;
  name: string;
  address: string;
  city: string;
  country: string;
  phone: string;
  lat: number;
  lng: number;
  /** Index in `practitioners` of the owner. */
  owner: number;
}

export interface DemoDirectory {
  practitioners: DemoPractitioner[];
  facilities: DemoFacility[];
}

function phoneIn(faker: Faker, country: string): string {
  const { prefix, digits } = MOBILE_NUMBERS[country]!;
  return `${prefix}${faker.string.numeric(digits)}`;
}

/** A coordinate within about 5 km of `center`, to four decimals. */
function near(faker: Faker, center: number): number {
  return Math.round((center + faker.number.float({ min: -0.05, max: 0.05 })) * 10_000) / 10_000;
}

function workingHoursOf(faker: Faker): TWorkingHours {
  const start = faker.helpers.arrayElement(['08:00', '08:30', '09:00']);
  const end = faker.helpers.arrayElement(['16:00', '17:00', '18:00']);
  const day = { start, end };
  const hours: TWorkingHours = { ...DEFAULT_WORKING_HOURS };
  for (const weekday of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const)
    hours[weekday] = day;
  if (faker.datatype.boolean({ probability: 0.3 }))
    hours.saturday = { start: '09:00', end: '13:00' };
  return hours;
}

function patientOf(faker: Faker, country: string, index: number, owner: number): TPatientInput {
  return {
    name: faker.person.fullName(),
    diagnosedWith: faker.helpers.arrayElement(DIAGNOSES),
    address: faker.location.streetAddress(),
    age: faker.number.int({ min: 18, max: 90 }),
    bloodGroup: faker.helpers.arrayElement(BLOOD_GROUPS),
    gender: faker.helpers.arrayElement(PATIENT_GENDERS),
    email: `patient-${owner}-${index}@${DEMO_EMAIL_DOMAIN}`,
    phone: phoneIn(faker, country),
    emergencyContact: { phone: phoneIn(faker, country) },
    hasChronicDiseases: faker.datatype.boolean(),
  };
}

/**
 * Free, non-overlapping times on the practitioner's working days in the coming two weeks, on
 * the half hour, in their own time zone.
 */
function appointmentsOf(
  faker: Faker,
  {
    workingHours,
    timeZone,
    visitKinds,
  }: Pick<DemoPractitioner, 'workingHours' | 'timeZone'> & {
    visitKinds: TAppointmentKind[];
  },
  today: string,
): DemoPractitioner['appointments'] {
  const taken = new Set<string>();
  const appointments: DemoPractitioner['appointments'] = [];
  for (let attempt = 0; appointments.length < APPOINTMENTS_PER_PRACTITIONER && attempt < 100;) {
    attempt += 1;
    const date = addDays(today, faker.number.int({ min: 1, max: APPOINTMENT_DAYS }));
    const hours = workingHours[weekdayOf(date)];
    if (!hours) continue;
    const [startHour] = hours.start.split(':').map(Number) as [number];
    const [endHour] = hours.end.split(':').map(Number) as [number];
    const hour = faker.number.int({ min: startHour + 1, max: endHour - 1 });
    const time = `${String(hour).padStart(2, '0')}:${faker.helpers.arrayElement(['00', '30'])}`;
    if (taken.has(`${date}T${time}`)) continue;
    taken.add(`${date}T${time}`);
    const start = fromWallTime({ date, time }, timeZone);
    appointments.push({
      start,
      end: new Date(start.getTime() + APPOINTMENT_MINUTES * 60_000),
      patient: faker.number.int({ min: 0, max: PATIENTS_PER_PRACTITIONER - 1 }),
      kind: faker.helpers.arrayElement(visitKinds),
    });
  }
  return appointments;
}

/** The whole demo directory, the same for the same `today` (YYYY-MM-DD, UTC). */
export function demoDirectory(today: string): DemoDirectory {
  const practitioners: DemoPractitioner[] = [];
  const facilities: DemoFacility[] = [];
  for (const [cityIndex, city] of CITIES.entries()) {
    const { faker } = city;
    faker.seed(DEMO_SEED + cityIndex);
    const owner = practitioners.length;
    const firstFacility = facilities.length;
    const street = () => faker.location.street();
    for (const { kind, label } of FACILITY_KINDS) {
      facilities.push({
        kind,
        name: `${city.name} ${street()} ${label} (demo)`,
        address: faker.location.streetAddress(),
        city: city.name,
        country: city.country,
        phone: phoneIn(faker, city.country),
        lat: near(faker, city.center[0]),
        lng: near(faker, city.center[1]),
        owner,
      });
    }
    for (let n = 0; n < PRACTITIONERS_PER_CITY; n += 1) {
      const index = practitioners.length;
      const specialties = faker.helpers
        .arrayElements(SPECIALTIES, { min: 1, max: 2 })
        .map(({ code }) => code);
      const languages = [
        ...new Set([
          city.language,
          ...(faker.datatype.boolean({ probability: 0.7 }) ? ['en'] : []),
          ...(faker.datatype.boolean({ probability: 0.2 })
            ? [faker.helpers.arrayElement(['fr', 'de', 'ar', 'es', 'pt', 'zh-CN'])]
            : []),
        ]),
      ];
      const visitKinds: TAppointmentKind[] = [
        'in-person',
        ...faker.helpers.arrayElements(['video', 'phone'] as const),
      ];
      const workingHours = workingHoursOf(faker);
      // The three facilities of the city: the owner works at the hospital, the others at the
      // hospital or the clinic (nobody practises at the pharmacy).
      const facility = firstFacility + (n === 0 ? 0 : faker.number.int({ min: 0, max: 1 }));
      const name = `Dr ${faker.person.fullName()}`;
      practitioners.push({
        uid: `${DEMO_UID_PREFIX}${String(index).padStart(3, '0')}`,
        email: `practitioner-${String(index).padStart(3, '0')}@${DEMO_EMAIL_DOMAIN}`,
        name,
        timeZone: city.timeZone,
        workingHours,
        practiceName: facilities[facility]!.name,
        practiceCity: city.name,
        practiceCountry: city.country,
        practicePhone: phoneIn(faker, city.country),
        registrationNumber: `DEMO-${city.country}-${faker.string.numeric(6)}`,
        facility,
        ownsFacility: n === 0,
        listing: {
          specialties,
          languages,
          bio: `Demo profile: a made-up practitioner in ${city.name}, listed to show the directory. ${faker.number.int({ min: 3, max: 30 })} years in practice.`,
          visitKinds,
          onlineBooking: faker.helpers.weightedArrayElement([
            { weight: 50, value: 'instant' as const },
            { weight: 35, value: 'request' as const },
            { weight: 15, value: 'off' as const },
          ]),
        },
        patients: Array.from({ length: PATIENTS_PER_PRACTITIONER }, (_, patient) =>
          patientOf(faker, city.country, patient, index),
        ),
        appointments: appointmentsOf(
          faker,
          { workingHours, timeZone: city.timeZone, visitKinds },
          today,
        ),
      });
    }
  }
  return { practitioners, facilities };
}
