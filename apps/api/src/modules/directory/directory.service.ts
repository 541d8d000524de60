import { SCHEDULE_LIMITS } from '@portal/shared/profile';
import {
  DIRECTORY_LIMITS,
  DIRECTORY_MESSAGES,
  type TFacilitySummary,
} from '@portal/shared/directory';
import {
  NEXT_SLOTS_MAX,
  type TDirectoryDoctor,
  type TDirectoryDoctorHit,
  type TDirectoryFacility,
  type TDirectorySlots,
  type ZDoctorSearchQuery,
  type ZFacilitySearchQuery,
} from '@portal/shared/directory-public';
import { earliestBookableStart, type TFreeSlot } from '@portal/shared/appointment';
import type { TWorkingHours } from '@portal/shared/profile';
import { specialtyCodesMatching } from '@portal/shared/specialties';
import { addDays, fromWallTime, toWallTime } from '@portal/shared/zoned-time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { keyAfter, readPage, type Page } from '../../lib/paging.ts';
import { isUuid, storedId } from '../../lib/uuid.ts';
import { freeSlots, workingSpan } from '../appointments/appointments.free-slots.ts';
import {
  findLiveBetween,
  findLiveBetweenOfOwners,
} from '../appointments/appointments.repository.ts';
import { toDirectoryDoctor } from './directory.answers.ts';
import { toFacilitySummary } from './facilities.answers.ts';
import {
  countDoctors,
  countFacilities,
  countPublic,
  findDoctors,
  findDoctorsAt,
  findFacilities,
  findPublicDoctor,
  findPublicFacility,
  type DoctorFilters,
} from './directory.repository.ts';

type DoctorQuery = z.output<typeof ZDoctorSearchQuery>;
type FacilityQuery = z.output<typeof ZFacilitySearchQuery>;

/** A fragment for ILIKE: its wildcards taken literally. */
const likePattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's position: a name, then a uuid. */
const isNameIdKey = (key: unknown[]): key is [string, string] =>
  key.length === 2 &&
  typeof key[0] === 'string' &&
  key[0].length <= 400 &&
  typeof key[1] === 'string' &&
  isUuid(key[1]);

/** What a practitioner's free slots are computed from. */
interface SlotSource {
  userId: string;
  onlineBooking: TDirectoryDoctor['onlineBooking'];
  timeZone: string | null;
  workingHours: TWorkingHours;
}

/**
 * The first `NEXT_SLOTS_MAX` free slots of a practitioner within `slotDaysMax` days from today
 * in their zone, given their live appointments in that time.
 */
function nextFreeSlots({
  doctor,
  busy,
  now,
}: {
  doctor: SlotSource;
  busy: { startsAt: Date; endsAt: Date }[];
  now: Date;
}): TFreeSlot[] {
  if (doctor.onlineBooking === 'off') return [];
  const timeZone = doctor.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
  const today = toWallTime(now, timeZone).date;
  const earliest = earliestBookableStart(now, doctor.onlineBooking);
  const found: TFreeSlot[] = [];
  for (let day = 0; day < DIRECTORY_LIMITS.slotDaysMax && found.length < NEXT_SLOTS_MAX; day++) {
    const date = addDays(today, day);
    const span = workingSpan({ date, workingHours: doctor.workingHours, timeZone });
    if (!span) continue;
    const duration = DIRECTORY_LIMITS.slotMinutes;
    found.push(...freeSlots({ span, duration, busy, timeZone, now: earliest }));
  }
  return found.slice(0, NEXT_SLOTS_MAX);
}

/** The public directory: what anyone may read without signing in, and nothing else. */
export function createDirectoryService({ db, now = systemClock }: { db: Db; now?: Clock }) {
  async function publicDoctorOrDeny(id: string) {
    const publicId = storedId(id);
    const row = publicId && (await findPublicDoctor(db, publicId));
    if (!row) throw new AppError('DOCTOR_NOT_FOUND');
    return row;
  }

  return {
    /**
     * A page of practitioners, each with their next free slots: one statement reads the live
     * appointments of the whole page, so a page costs the same whatever its length.
     */
    async searchDoctors(query: DoctorQuery): Promise<Page<TDirectoryDoctorHit>> {
      const filters: DoctorFilters = {
        ...(query.q && {
          name: { pattern: likePattern(query.q), specialtyCodes: specialtyCodesMatching(query.q) },
        }),
        ...(query.specialty && { specialty: query.specialty }),
        ...(query.language && { language: query.language }),
        ...(query.city && { city: query.city }),
        ...(query.kind && { kind: query.kind }),
      };
      const after = keyAfter(query.cursor, isNameIdKey);
      const page = await readPage({
        limit: query.limit,
        rows: (limit) => findDoctors(db, { filters, after, limit }),
        total: () => countDoctors(db, filters),
        toItem: (row) => row,
        keyOf: (row) => [row.name, row.publicId],
      });
      const at = now();
      // From a day before now to the end of the window: every zone's "today" is inside it.
      const busy = await findLiveBetweenOfOwners(db, {
        ownerIds: page.items.filter((row) => row.onlineBooking !== 'off').map((row) => row.userId),
        from: new Date(at.getTime() - 86_400_000),
        to: new Date(at.getTime() + (DIRECTORY_LIMITS.slotDaysMax + 1) * 86_400_000),
      });
      return {
        ...page,
        items: page.items.map((row) => ({
          ...toDirectoryDoctor(row),
          timeZone: row.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone,
          nextSlots: nextFreeSlots({
            doctor: row,
            busy: busy.filter((interval) => interval.ownerId === row.userId),
            now: at,
          }),
        })),
      };
    },

    async getDoctor(id: string): Promise<TDirectoryDoctor> {
      return toDirectoryDoctor(await publicDoctorOrDeny(id));
    },

    /**
     * Free slots day by day in the practitioner's time zone: working hours minus live
     * appointments and what has begun. Only free times are answered, never what fills the
     * others; a practitioner who does not book online offers none.
     */
    async findSlots({
      id,
      from,
      to,
    }: {
      id: string;
      from?: string;
      to?: string;
    }): Promise<TDirectorySlots> {
      const doctor = await publicDoctorOrDeny(id);
      const timeZone = doctor.timeZone ?? SCHEDULE_LIMITS.defaultTimeZone;
      const at = now();
      const first = from ?? toWallTime(at, timeZone).date;
      const last = to ?? addDays(first, 6);
      if (last < first || last >= addDays(first, DIRECTORY_LIMITS.slotDaysMax))
        throw new AppError('VALIDATION_FAILED', {
          message: DIRECTORY_MESSAGES.slotRangeInvalid,
          fieldErrors: { to: DIRECTORY_MESSAGES.slotRangeInvalid },
        });
      const dates: string[] = [];
      for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
      const duration = DIRECTORY_LIMITS.slotMinutes;
      if (doctor.onlineBooking === 'off')
        return { timeZone, duration, days: dates.map((date) => ({ date, slots: [] })) };
      const earliest = earliestBookableStart(at, doctor.onlineBooking);
      const busy = await findLiveBetween(db, {
        ownerId: doctor.userId,
        from: fromWallTime({ date: first, time: '00:00' }, timeZone),
        to: fromWallTime({ date: addDays(last, 1), time: '00:00' }, timeZone),
      });
      return {
        timeZone,
        duration,
        days: dates.map((date) => {
          const span = workingSpan({ date, workingHours: doctor.workingHours, timeZone });
          return {
            date,
            slots: span ? freeSlots({ span, duration, busy, timeZone, now: earliest }) : [],
          };
        }),
      };
    },

    async searchFacilities(query: FacilityQuery): Promise<Page<TFacilitySummary>> {
      const filters = {
        ...(query.q && { namePattern: likePattern(query.q) }),
        ...(query.city && { city: query.city }),
        ...(query.kind && { kind: query.kind }),
      };
      const after = keyAfter(query.cursor, isNameIdKey);
      return readPage({
        limit: query.limit,
        rows: (limit) => findFacilities(db, { filters, after, limit }),
        total: () => countFacilities(db, filters),
        toItem: toFacilitySummary,
        keyOf: (row) => [row.name, row.id],
      });
    },

    async getFacility(id: string): Promise<TDirectoryFacility> {
      const facilityId = storedId(id);
      const row = facilityId && (await findPublicFacility(db, facilityId));
      if (!row) throw new AppError('DIRECTORY_FACILITY_NOT_FOUND');
      const doctors = await findDoctorsAt(db, row.id);
      return { ...toFacilitySummary(row), doctors: doctors.map(toDirectoryDoctor) };
    },

    summary: () => countPublic(db),
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
