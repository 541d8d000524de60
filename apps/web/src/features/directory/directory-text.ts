import { SPECIALTIES, specialtyOf, type TSpecialtyLanguage } from '@portal/shared/specialties';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** The specialties' names are kept in the portal's five languages; English for anything else. */
const specialtyLanguage = (language: string): TSpecialtyLanguage =>
  (['en', 'de', 'fr', 'ar', 'zh-CN'] as const).find((code) => code === language) ?? 'en';

/** A specialty's name in the reader's language; the code itself when it is not in the list. */
export const specialtyName = (code: string, language: string): string =>
  specialtyOf(code)?.names[specialtyLanguage(language)] ?? code;

/** Every specialty, by its name in the reader's language. */
export function specialtiesByName(language: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(language);
  return SPECIALTIES.map(({ code }) => ({ code, name: specialtyName(code, language) })).sort(
    (a, b) => collator.compare(a.name, b.name),
  );
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A BCP 47 language tag named in the reader's language ("ar" → "Arabic"), else the tag. */
export function languageName(tag: string, language: string): string {
  let names = displayNames.get(language);
  if (!names)
    displayNames.set(language, (names = new Intl.DisplayNames([language], { type: 'language' })));
  try {
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** A slot's start as the reader says it, in the practitioner's zone: "Mon 2 Mar, 09:30". */
export const slotWhen = (start: string, timeZone: string, language: string): string =>
  dateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(Date.parse(start));

/** A day (YYYY-MM-DD) as the reader says it: "Monday 2 March". */
export const dayName = (date: string, language: string, weekday: 'long' | 'short' = 'long') =>
  dateTimeFormat(language, { weekday, day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${date}T12:00:00Z`),
  );

/** An instant's wall time in a zone, for a text: "2 March 2026, 09:30". */
export const instantWhen = (iso: string, timeZone: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    Date.parse(iso),
  );

/**
 * A place's address as a link to a map: OpenStreetMap at its coordinates, else a search for the
 * address. An https link opens on every device (a phone offers its map app for it), where a
 * `geo:` URI does nothing in most desktop browsers. The list never depends on a map.
 */
export function mapHref(place: {
  address: string;
  city: string;
  country: string;
  coordinates: { lat: number; lng: number } | null;
}): string {
  if (place.coordinates) {
    const { lat, lng } = place.coordinates;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  const lines = place.address.split('\n').map((line) => line.trim());
  const query = [...lines.filter(Boolean), place.city, place.country].join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Items as the reader's language lists them: "Cardiology and Neurology", "القلب والأعصاب". */
export function listOf(items: string[], language: string): string {
  let format = listFormats.get(language);
  if (!format)
    listFormats.set(language, (format = new Intl.ListFormat(language, { type: 'conjunction' })));
  return format.format(items);
}
