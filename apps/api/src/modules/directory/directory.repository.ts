import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TAppointmentKind } from '@portal/shared/appointment';
import type { TFacilityKind } from '@portal/shared/directory';
import type { Db, DbOrTx } from '../../db/client.ts';
import { directoryListings, facilities } from '../../db/schema/directory.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The public directory's reads: approved, listed practitioners and approved facilities. Every
 * query here says `isPublicListing` or `isPublicFacility`; nothing else is ever read for the
 * public, and only the columns of `doctorColumns` and `facilities` are selected. Searches filter
 * and sort on the listing's own columns (its `name` and `city_key` are kept by triggers), so a
 * page reads its rows by index and joins the account and the facility for those rows only.
 */

export const isPublicListing = and(
  eq(directoryListings.listed, true),
  eq(directoryListings.reviewStatus, 'approved'),
)!;
export const isPublicFacility = eq(facilities.reviewStatus, 'approved');

/** A listing's facility, joined only while it is approved. */
const facilityJoin = and(eq(facilities.id, directoryListings.facilityId), isPublicFacility);

/** The columns a public card is made of (and a reviewer's preview of one). */
export const doctorColumns = {
  publicId: directoryListings.publicId,
  name: directoryListings.name,
  picture: users.picture,
  specialties: directoryListings.specialties,
  languages: directoryListings.languages,
  bio: directoryListings.bio,
  visitKinds: directoryListings.visitKinds,
  onlineBooking: directoryListings.onlineBooking,
  practiceCity: users.practiceCity,
  practiceCountry: users.practiceCountry,
  facility: {
    id: facilities.id,
    kind: facilities.kind,
    name: facilities.name,
    address: facilities.address,
    city: facilities.city,
    country: facilities.country,
    phone: facilities.phone,
    lat: facilities.lat,
    lng: facilities.lng,
  },
};

/** What a practitioner's free slots are computed from: never part of an answer. */
const slotColumns = {
  userId: directoryListings.userId,
  timeZone: users.timeZone,
  workingHours: users.workingHours,
};

export interface DoctorFilters {
  /** A fragment of the name, already escaped for LIKE; with the specialty codes it names. */
  name?: { pattern: string; specialtyCodes: string[] };
  specialty?: string;
  language?: string;
  city?: string;
  kind?: TAppointmentKind;
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

function doctorConditions({ name, specialty, language, city, kind }: DoctorFilters): SQL {
  return and(
    isPublicListing,
    !name
      ? undefined
      : name.specialtyCodes.length > 0
        ? sql`(${directoryListings.name} ilike ${name.pattern} or ${directoryListings.specialties} && ${textArray(name.specialtyCodes)})`
        : sql`${directoryListings.name} ilike ${name.pattern}`,
    specialty ? sql`${directoryListings.specialties} @> ${textArray([specialty])}` : undefined,
    language ? sql`${directoryListings.languages} @> ${textArray([language])}` : undefined,
    kind ? sql`${directoryListings.visitKinds} @> ${textArray([kind])}` : undefined,
    city ? sql`${directoryListings.cityKey} = lower(${city})` : undefined,
  )!;
}

/**
 * The sort key of a search: the name, or with a name fragment the same value as an expression.
 * Given the fragment, PostgreSQL would otherwise walk the name index in order hoping to meet a
 * page of matches early, and read every row when there are few; as an expression it finds the
 * matches by trigram index, then sorts them.
 */
const sortName = (
  column: typeof directoryListings.name | typeof facilities.name,
  hasFragment: boolean,
) => (hasFragment ? sql`${column} || ''` : column);

/**
 * A page of practitioners by name (then public id), after `after`; one past `limit` is read. With
 * what their next free slots are computed from.
 */
export function findDoctors(
  db: Db,
  {
    filters,
    after,
    limit,
  }: { filters: DoctorFilters; after: [name: string, publicId: string] | null; limit: number },
) {
  return db
    .select({ ...doctorColumns, ...slotColumns })
    .from(directoryListings)
    .innerJoin(users, eq(users.id, directoryListings.userId))
    .leftJoin(facilities, facilityJoin)
    .where(
      and(
        doctorConditions(filters),
        after
          ? sql`(${directoryListings.name}, ${directoryListings.publicId}) > (${after[0]}, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      asc(sortName(directoryListings.name, filters.name !== undefined)),
      asc(directoryListings.publicId),
    )
    .limit(limit);
}

export async function countDoctors(db: Db, filters: DoctorFilters) {
  const [row] = await db
    .select({ total: count() })
    .from(directoryListings)
    .where(doctorConditions(filters));
  return row?.total ?? 0;
}

/** One public practitioner by public id, with what their free slots are computed from. */
export async function findPublicDoctor(db: DbOrTx, publicId: string) {
  const [row] = await db
    .select({ ...doctorColumns, ...slotColumns })
    .from(directoryListings)
    .innerJoin(users, eq(users.id, directoryListings.userId))
    .leftJoin(facilities, facilityJoin)
    .where(and(isPublicListing, eq(directoryListings.publicId, publicId)));
  return row;
}

/** The public practitioners of one facility, by name. */
export function findDoctorsAt(db: DbOrTx, facilityId: string) {
  return db
    .select(doctorColumns)
    .from(directoryListings)
    .innerJoin(users, eq(users.id, directoryListings.userId))
    .innerJoin(facilities, facilityJoin)
    .where(and(isPublicListing, eq(directoryListings.facilityId, facilityId)))
    .orderBy(asc(directoryListings.name), asc(directoryListings.publicId))
    .limit(200);
}

export interface FacilityFilters {
  namePattern?: string;
  city?: string;
  kind?: TFacilityKind;
}

function facilityConditions({ namePattern, city, kind }: FacilityFilters): SQL {
  return and(
    isPublicFacility,
    namePattern ? sql`${facilities.name} ilike ${namePattern}` : undefined,
    city ? sql`lower(${facilities.city}) = lower(${city})` : undefined,
    kind ? eq(facilities.kind, kind) : undefined,
  )!;
}

/** A page of approved facilities by name (then id), after `after`. */
export function findFacilities(
  db: Db,
  {
    filters,
    after,
    limit,
  }: { filters: FacilityFilters; after: [name: string, id: string] | null; limit: number },
) {
  return db
    .select()
    .from(facilities)
    .where(
      and(
        facilityConditions(filters),
        after
          ? sql`(${facilities.name}, ${facilities.id}) > (${after[0]}, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(sortName(facilities.name, filters.namePattern !== undefined)), asc(facilities.id))
    .limit(limit);
}

export async function countFacilities(db: Db, filters: FacilityFilters) {
  const [row] = await db
    .select({ total: count() })
    .from(facilities)
    .where(facilityConditions(filters));
  return row?.total ?? 0;
}

/** How many public practitioners, and public facilities of each kind, there are. */
export async function countPublic(db: Db) {
  const [listed] = await db
    .select({ doctors: count() })
    .from(directoryListings)
    .where(isPublicListing);
  const byKind = await db
    .select({ kind: facilities.kind, total: count() })
    .from(facilities)
    .where(isPublicFacility)
    .groupBy(facilities.kind);
  const of = (kind: TFacilityKind) => byKind.find((row) => row.kind === kind)?.total ?? 0;
  return {
    doctors: listed?.doctors ?? 0,
    hospitals: of('hospital'),
    clinics: of('clinic'),
    pharmacies: of('pharmacy'),
  };
}

export async function findPublicFacility(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(facilities)
    .where(and(isPublicFacility, eq(facilities.id, id)));
  return row;
}
