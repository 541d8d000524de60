import { http, type HttpHandler } from 'msw';
import { z } from 'zod';
import {
  ZFacility,
  ZFacilityInput,
  ZListing,
  ZListingInput,
  ZStaffInput,
  ZStaffMember,
  type TFacility,
  type TListing,
  type TStaffMember,
} from '@portal/shared/directory';
import { ZRejectInput, ZReviewQueue, type TReviewItem } from '@portal/shared/directory-review';
import { answerAs, NO_STORE, refuseAs } from './fake-api-answers.ts';
import { fakeSequence, invalid, json, recordedOf } from './http.ts';

/** The listing before the first save, as `GET /api/user/listing` answers it. */
export const EMPTY_LISTING: TListing = {
  listed: false,
  facilityId: null,
  specialties: [],
  languages: [],
  bio: '',
  visitKinds: [],
  onlineBooking: 'off',
  reviewStatus: 'pending',
  rejectionReason: null,
  publicId: null,
};

/** The staff invitation code the fake accepts at `POST /api/me/facility-staff`. */
export const STAFF_CODE = 'staff-code-0123456789abcdefghijklmnopqrstu';

/** What the review changes of a saved listing: the rest keeps the state it has. */
const REVIEWED_FIELDS = ['facilityId', 'specialties', 'languages', 'bio', 'visitKinds'] as const;

/**
 * The directory as the practitioner and a reviewer reach it: the listing, the facilities (owned
 * or staff) with their staff, accepting an invitation, and the review queue with its decisions.
 */
export class FakeDirectoryAdmin {
  listing: TListing = { ...EMPTY_LISTING };
  readonly facilities: TFacility[] = [];
  readonly staff = new Map<string, TStaffMember[]>();
  readonly queue: TReviewItem[] = [];
  private readonly sequence = fakeSequence('d1d1d1d1', '2026-03-02T09:00:00.000Z');

  addFacility(input: Partial<TFacility> = {}): TFacility {
    const facility: TFacility = {
      _id: this.sequence.nextId(),
      kind: 'clinic',
      name: 'Clínica do Rio',
      address: 'Rua das Flores 12',
      city: 'Porto',
      country: 'PT',
      phone: '+351221234567',
      coordinates: null,
      reviewStatus: 'pending',
      rejectionReason: null,
      role: 'owner',
      createdAt: this.sequence.nextTime(),
      updatedAt: this.sequence.nextTime(),
      ...input,
    };
    this.facilities.unshift(facility);
    return facility;
  }

  addStaff(facilityId: string, input: Partial<TStaffMember> = {}): TStaffMember {
    const member: TStaffMember = {
      _id: this.sequence.nextId(),
      email: 'nurse@example.test',
      name: null,
      status: 'invited',
      createdAt: this.sequence.nextTime(),
      acceptedAt: null,
      ...input,
    };
    this.staff.set(facilityId, [...(this.staff.get(facilityId) ?? []), member]);
    return member;
  }

  handlers(): HttpHandler[] {
    const owned = (id: string | undefined) =>
      this.facilities.find((facility) => facility._id === id && facility.role === 'owner');
    return [
      http.get('/api/user/listing', () => answerAs(ZListing, this.listing, NO_STORE)),
      http.put('/api/user/listing', async ({ request }) => {
        const parsed = ZListingInput.safeParse((await recordedOf(request)).body);
        if (!parsed.success) return invalid(parsed.error);
        const isChanged = REVIEWED_FIELDS.some(
          (name) => JSON.stringify(parsed.data[name]) !== JSON.stringify(this.listing[name]),
        );
        this.listing = {
          ...this.listing,
          ...parsed.data,
          visitKinds: parsed.data.visitKinds as TListing['visitKinds'],
          reviewStatus: isChanged ? 'pending' : this.listing.reviewStatus,
          rejectionReason: isChanged ? null : this.listing.rejectionReason,
          publicId: this.listing.publicId ?? this.sequence.nextId(),
        };
        return answerAs(ZListing, this.listing, NO_STORE);
      }),
      http.get('/api/facilities', () =>
        answerAs(z.object({ items: z.array(ZFacility) }), { items: this.facilities }, NO_STORE),
      ),
      http.post('/api/facilities', async ({ request }) => {
        const parsed = ZFacilityInput.safeParse((await recordedOf(request)).body);
        if (!parsed.success) return invalid(parsed.error);
        return answerAs(ZFacility, this.addFacility(parsed.data), { status: 201 });
      }),
      http.get('/api/facilities/:id/staff', ({ params }) => {
        const facility = owned(params.id as string);
        if (!facility) return refuseAs('FACILITY_NOT_FOUND');
        return answerAs(
          z.object({ items: z.array(ZStaffMember) }),
          { items: this.staff.get(facility._id) ?? [] },
          NO_STORE,
        );
      }),
      http.post('/api/facilities/:id/staff', async ({ params, request }) => {
        const facility = owned(params.id as string);
        if (!facility) return refuseAs('FACILITY_NOT_FOUND');
        const parsed = ZStaffInput.safeParse((await recordedOf(request)).body);
        if (!parsed.success) return invalid(parsed.error);
        const member = this.addStaff(facility._id, { email: parsed.data.email });
        return json(
          {
            ...member,
            code: STAFF_CODE,
            url: `http://localhost:3000/join-facility/${STAFF_CODE}`,
            expiresAt: '2026-03-09T09:00:00.000Z',
          },
          { status: 201 },
        );
      }),
      http.delete('/api/facilities/:id/staff/:staffId', ({ params }) => {
        const facility = owned(params.id as string);
        if (!facility) return refuseAs('FACILITY_NOT_FOUND');
        const members = this.staff.get(facility._id) ?? [];
        if (!members.some((member) => member._id === params.staffId))
          return refuseAs('STAFF_NOT_FOUND');
        this.staff.set(
          facility._id,
          members.filter((member) => member._id !== params.staffId),
        );
        return new Response(null, { status: 204 });
      }),
      http.post('/api/me/facility-staff', async ({ request }) => {
        const { code } = (await recordedOf(request)).body as { code?: string };
        if (code !== STAFF_CODE) return refuseAs('STAFF_INVITATION_NOT_FOUND');
        const facility = this.addFacility({ name: 'Hospital Santa Luzia', role: 'staff' });
        const { _id, kind, name, address, city, country, phone, coordinates } = facility;
        return json(
          {
            _id: this.sequence.nextId(),
            facility: { _id, kind, name, address, city, country, phone, coordinates },
            acceptedAt: this.sequence.nextTime(),
          },
          { status: 201 },
        );
      }),
      http.get('/api/directory/review', () =>
        answerAs(ZReviewQueue, { items: this.queue }, NO_STORE),
      ),
      http.post('/api/directory/review/:kind/:id/:decision', async ({ params, request }) => {
        const index = this.queue.findIndex(
          (item) => item.kind === params.kind && item._id === params.id,
        );
        let reason: string | null = null;
        if (params.decision === 'reject') {
          const parsed = ZRejectInput.safeParse((await recordedOf(request)).body);
          if (!parsed.success) return invalid(parsed.error);
          reason = parsed.data.reason;
        }
        if (index < 0) return refuseAs('REVIEW_ITEM_NOT_FOUND');
        if (request.headers.get('if-match') !== `"${this.queue[index]!.updatedAt}"`)
          return refuseAs('REVIEW_ITEM_CHANGED');
        const [item] = this.queue.splice(index, 1);
        return json({
          kind: item!.kind,
          _id: item!._id,
          reviewStatus: reason === null ? 'approved' : 'rejected',
          rejectionReason: reason,
        });
      }),
    ];
  }
}
