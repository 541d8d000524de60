/** The postal parts of an address as a practice gave them; absent parts are null. */
export interface PostalAddress {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

/** A practice's address as lines: street lines, postal code and city, the country named. */
export function addressLines(practice: PostalAddress, language: string): string[] {
  const country =
    practice.country &&
    (new Intl.DisplayNames([language], { type: 'region' }).of(practice.country) ??
      practice.country);
  return [
    ...(practice.street ?? '').split('\n'),
    [practice.postalCode, practice.city].filter(Boolean).join(' '),
    country ?? '',
  ]
    .map((line) => line.trim())
    .filter(Boolean);
}
