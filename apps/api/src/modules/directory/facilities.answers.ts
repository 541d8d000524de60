import type { TFacility, TFacilitySummary } from '@portal/shared/directory';
import type { FacilityRow } from '../../db/schema/directory.ts';

/** What anyone may read of a facility: its public fields, nothing of its owner or review. */
export const toFacilitySummary = (row: {
  id: string;
  kind: FacilityRow['kind'];
  name: string;
  address: string;
  city: string;
  country: string;
  phone: string | null;
  lat: number | null;
  lng: number | null;
}): TFacilitySummary => ({
  _id: row.id,
  kind: row.kind,
  name: row.name,
  address: row.address,
  city: row.city,
  country: row.country,
  phone: row.phone,
  coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
});

/** A facility as its owner and staff see it. */
export const toFacility = (row: FacilityRow, role: TFacility['role']): TFacility => ({
  ...toFacilitySummary(row),
  reviewStatus: row.reviewStatus,
  rejectionReason: row.reviewStatus === 'rejected' ? row.rejectionReason : null,
  role,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
