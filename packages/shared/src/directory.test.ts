import { describe, expect, it } from 'vitest';
import { ZDirectorySlotsQuery, ZDoctorSearchQuery } from './directory-public.ts';
import { ZRejectInput } from './directory-review.ts';
import { DIRECTORY_MESSAGES, ZFacilityInput, ZListingInput } from './directory.ts';
import { SPECIALTIES, SPECIALTY_LANGUAGES, specialtyCodesMatching } from './specialties.ts';

const facility = {
  kind: 'hospital',
  name: 'Hospital da Luz',
  address: 'Av. Lusíada 100\n1500-650',
  city: 'Lisboa',
  country: 'PT',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ZFacilityInput', () => {
  it('stores a phone dialled in the facility’s country in E.164', () => {
    const parsed = ZFacilityInput.parse({ ...facility, phone: '217 104 400' });
    expect(parsed.phone).toBe('+351217104400');
    expect(parsed.coordinates).toBeNull();
  });

  it('refuses a phone that is no number there, coordinates out of range and an unknown kind', () => {
    expect(messagesOf(ZFacilityInput.safeParse({ ...facility, phone: '12' }))).toEqual([
      DIRECTORY_MESSAGES.phoneInvalid,
    ]);
    expect(
      messagesOf(ZFacilityInput.safeParse({ ...facility, coordinates: { lat: 91, lng: 0 } })),
    ).toEqual([DIRECTORY_MESSAGES.coordinatesInvalid]);
    expect(messagesOf(ZFacilityInput.safeParse({ ...facility, kind: 'spa' }))).toEqual([
      DIRECTORY_MESSAGES.kindInvalid,
    ]);
  });

  it('refuses a blank name and a name over two lines', () => {
    expect(messagesOf(ZFacilityInput.safeParse({ ...facility, name: '  ' }))).toEqual([
      DIRECTORY_MESSAGES.nameRequired,
    ]);
    expect(messagesOf(ZFacilityInput.safeParse({ ...facility, name: 'A\nB' }))).toEqual([
      DIRECTORY_MESSAGES.nameTooLong,
    ]);
  });
});

describe('ZListingInput', () => {
  const listing = {
    listed: true,
    specialties: ['394579002'],
    languages: ['ar', 'en'],
    visitKinds: ['in-person'],
  };

  it('fills the optional fields', () => {
    expect(ZListingInput.parse(listing)).toEqual({
      ...listing,
      facilityId: null,
      bio: '',
      onlineBooking: 'off',
    });
  });

  it('needs a specialty, a language and a kind of visit to be listed, not to be saved unlisted', () => {
    const empty = { listed: true, specialties: [], languages: [], visitKinds: [] };
    expect(messagesOf(ZListingInput.safeParse(empty))).toEqual([
      DIRECTORY_MESSAGES.specialtiesRequired,
      DIRECTORY_MESSAGES.languagesRequired,
      DIRECTORY_MESSAGES.visitKindsRequired,
    ]);
    expect(ZListingInput.safeParse({ ...empty, listed: false }).success).toBe(true);
  });

  it('refuses codes outside the lists, repeated codes and a bio over 1000 characters', () => {
    expect(messagesOf(ZListingInput.safeParse({ ...listing, specialties: ['1'] }))).toEqual([
      DIRECTORY_MESSAGES.specialtiesInvalid,
    ]);
    expect(messagesOf(ZListingInput.safeParse({ ...listing, languages: ['en', 'en'] }))).toEqual([
      DIRECTORY_MESSAGES.languagesInvalid,
    ]);
    expect(messagesOf(ZListingInput.safeParse({ ...listing, bio: 'x'.repeat(1001) }))).toEqual([
      DIRECTORY_MESSAGES.bioTooLong,
    ]);
  });
});

describe('the directory’s queries', () => {
  it('allow at most 14 days of slots per request', () => {
    expect(ZDirectorySlotsQuery.safeParse({ from: '2026-03-02', to: '2026-03-15' }).success).toBe(
      true,
    );
    expect(
      messagesOf(ZDirectorySlotsQuery.safeParse({ from: '2026-03-02', to: '2026-03-16' })),
    ).toEqual([DIRECTORY_MESSAGES.slotRangeInvalid]);
    expect(
      messagesOf(ZDirectorySlotsQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' })),
    ).toEqual([DIRECTORY_MESSAGES.slotRangeInvalid]);
  });

  it('name what is wrong with a filter', () => {
    expect(messagesOf(ZDoctorSearchQuery.safeParse({ specialty: 'cardio' }))).toEqual([
      DIRECTORY_MESSAGES.specialtyFilterInvalid,
    ]);
    expect(messagesOf(ZDoctorSearchQuery.safeParse({ limit: '51' }))).toEqual([
      DIRECTORY_MESSAGES.pageLimitInvalid,
    ]);
  });

  it('needs a reason to reject', () => {
    expect(messagesOf(ZRejectInput.safeParse({ reason: ' ' }))).toEqual([
      DIRECTORY_MESSAGES.reasonRequired,
    ]);
  });
});

describe('the specialties', () => {
  it('are about 30 distinct SNOMED CT codes, each named in the five languages', () => {
    expect(SPECIALTIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SPECIALTIES.map(({ code }) => code)).size).toBe(SPECIALTIES.length);
    for (const { code, names } of SPECIALTIES) {
      expect(code).toMatch(/^\d{6,18}$/);
      expect(Object.keys(names)).toEqual([...SPECIALTY_LANGUAGES]);
      // A translation is not an English copy (a few names are spelt alike in some languages).
      expect(new Set(Object.values(names)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it('are found by a fragment of their name in any language, ignoring case and accents', () => {
    expect(specialtyCodesMatching('CARDIO')).toEqual(['394579002']);
    expect(specialtyCodesMatching('kardio')).toEqual(['394579002']);
    expect(specialtyCodesMatching('心脏')).toEqual(['394579002', '408466002']);
    expect(specialtyCodesMatching('enterologie')).toEqual(['394584008']);
    expect(specialtyCodesMatching('  ')).toEqual([]);
  });
});
