import type { TDirectoryDoctor } from '@portal/shared/directory-public';
import type { DirectoryListingRow, FacilityRow } from '../../db/schema/directory.ts';
import { toFacilitySummary } from './facilities.answers.ts';

/** A row of `doctorColumns`: the listing, the account's name and picture, its facility. */
export interface DoctorRow {
  publicId: string;
  name: string;
  picture: string | null;
  specialties: string[];
  languages: string[];
  bio: string;
  visitKinds: DirectoryListingRow['visitKinds'];
  onlineBooking: DirectoryListingRow['onlineBooking'];
  practiceCity: string | null;
  practiceCountry: string | null;
  facility: Pick<
    FacilityRow,
    'id' | 'kind' | 'name' | 'address' | 'city' | 'country' | 'phone' | 'lat' | 'lng'
  > | null;
}

/** The public card: each field named, so no other column of the row can slip into it. */
export const toDirectoryDoctor = (row: DoctorRow): TDirectoryDoctor => ({
  publicId: row.publicId,
  name: row.name,
  picture: row.picture,
  specialties: row.specialties,
  languages: row.languages,
  bio: row.bio,
  visitKinds: row.visitKinds,
  onlineBooking: row.onlineBooking,
  facility: row.facility ? toFacilitySummary(row.facility) : null,
  city: row.facility ? row.facility.city : row.practiceCity,
  country: row.facility ? row.facility.country : row.practiceCountry,
});
