import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Phone numbers, one rule for every phone field (patient, emergency contact, profile, practice),
 * on the API and in the web alike. The smallest metadata (`/min`) is used on both sides: it
 * checks each country's number lengths and leading digits, and a number the form accepts is
 * one the API accepts.
 *
 * - `+` and a country code: valid for that country, whatever the practitioner's.
 * - Without it: valid as dialled in the practitioner's region (their practice country).
 * - Otherwise exactly 10 digits, the product's older rule, kept as typed: no country can be told
 *   from them, and records saved under that rule keep saving.
 *
 * Stored in E.164 (`+351912345678`), or as those 10 digits.
 */

/** Longer text is refused before it is parsed. */
export const PHONE_TEXT_MAX = 30;

/** Digits and the separators people type, with an optional leading `+`. */
const PHONE_SHAPE = /^\+?[0-9(][0-9 ().\-/]*$/;
const TEN_DIGITS = /^\d{10}$/;

/** A country whose numbers the metadata knows, or null. */
export function phoneRegion(country: string | null | undefined): CountryCode | null {
  return country && isSupportedCountry(country) ? country : null;
}

/** The number to store for `text`, or undefined when it is not a valid number. */
export function storedPhone(text: string, region: string | null | undefined): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > PHONE_TEXT_MAX || !PHONE_SHAPE.test(trimmed)) return undefined;
  if (trimmed.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(trimmed);
    return parsed?.isValid() ? parsed.number : undefined;
  }
  const defaultRegion = phoneRegion(region);
  if (defaultRegion) {
    const parsed = parsePhoneNumberFromString(trimmed, defaultRegion);
    if (parsed?.isValid()) return parsed.number;
  }
  return TEN_DIGITS.test(trimmed) ? trimmed : undefined;
}

/**
 * A phone field of a body: trimmed, then valid by the rule above without a region, stored as it
 * says. A number dialled in the practitioner's country is put in E.164 before (`withPhonesReadIn`).
 */
export function phoneText(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(PHONE_TEXT_MAX, { error: message, abort: true })
    .refine((text) => storedPhone(text, null) !== undefined, { error: message })
    .transform((text) => storedPhone(text, null)!);
}

/**
 * The body with each phone at `paths` (dotted) that is valid as dialled in `region` put in E.164,
 * everything else as sent, for the schema to judge: so one validation of the body answers every
 * problem at once, the phones' included. The API does this before validating a body; the forms
 * before their resolver.
 */
export function withPhonesReadIn<T>(body: T, paths: readonly string[], region: string | null): T {
  const defaultRegion = phoneRegion(region);
  if (!defaultRegion || typeof body !== 'object' || body === null) return body;
  let copy = body;
  for (const path of paths) {
    const keys = path.split('.');
    const parent = keys
      .slice(0, -1)
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null ? (node as never)[key] : undefined,
        copy,
      );
    const last = keys.at(-1)!;
    if (typeof parent !== 'object' || parent === null) continue;
    const value = (parent as Record<string, unknown>)[last];
    if (typeof value !== 'string' || value.trim().startsWith('+')) continue;
    const stored = storedPhone(value, defaultRegion);
    if (stored === undefined || stored === value.trim()) continue;
    copy = replaced(copy, keys, stored);
  }
  return copy;
}

/** `node` with the value at `keys` replaced, copying each object on the way. */
function replaced<T>(node: T, keys: string[], value: unknown): T {
  const [key, ...rest] = keys as [string, ...string[]];
  const record = node as Record<string, unknown>;
  return { ...record, [key]: rest.length === 0 ? value : replaced(record[key], rest, value) } as T;
}

/**
 * How to show a stored number: in the national format when its country is `region` (the
 * practitioner's), in the international format otherwise; a legacy 10-digit value as stored.
 */
export function displayPhone(stored: string, region: string | null | undefined): string {
  if (!stored.startsWith('+')) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed) return stored;
  return parsed.country !== undefined && parsed.country === phoneRegion(region)
    ? parsed.formatNational()
    : parsed.formatInternational();
}
