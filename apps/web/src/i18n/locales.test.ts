import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';

const LOCALES_DIR = path.join(import.meta.dirname, 'locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const entries = Object.entries(value as Record<string, unknown>);
  return Object.assign(
    {},
    ...entries.map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)),
  );
}

function load(language: string, namespace: string): Record<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, namespace), 'utf8')));
}

const namespaces = fs.readdirSync(path.join(LOCALES_DIR, 'en'));

/** i18next's plural suffixes: each language has the forms its own plural rules name. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/**
 * Error texts by code are translated for the other languages only: English shows the server's
 * own message, so those keys are compared with another translated language.
 */
const TRANSLATED_ONLY = 'apiErrors.codes.';
const OTHER_REFERENCE = 'fr';
/** Names the English texts use that Arabic and Chinese write in their own letters. */
const NAMES_WITH_NATIVE_SPELLINGS = ['Premier', 'Google', 'Apple'];

/** The keys to compare: plural forms as one key each; codes from the reference language. */
function keySet(
  texts: Record<string, string>,
  language: string,
  reference: Record<string, string> = {},
): string[] {
  const keys = Object.keys(texts).filter((key) => !key.includes(TRANSLATED_ONLY));
  if (language === 'en')
    keys.push(...Object.keys(reference).filter((key) => key.includes(TRANSLATED_ONLY)));
  else keys.push(...Object.keys(texts).filter((key) => key.includes(TRANSLATED_ONLY)));
  return [...new Set(keys.map((key) => key.replace(PLURAL, '_#')))].sort();
}

describe.each(LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code))(
  'locale %s',
  (language) => {
    it.each(namespaces)('has every key of the English %s, none empty', (namespace) => {
      const english = load('en', namespace);
      const translated = load(language, namespace);
      const reference = load(OTHER_REFERENCE, namespace);
      expect(keySet(translated, language)).toEqual(keySet(english, 'en', reference));
      for (const [key, text] of Object.entries(translated)) expect(text.trim(), key).not.toBe('');
    });

    it.each(namespaces)(
      'has a plural form for every category of the language in %s',
      (namespace) => {
        // i18next answers a count of 0 with `_zero` in every language when the key exists.
        const categories = [
          ...new Intl.PluralRules(language).resolvedOptions().pluralCategories,
          'zero',
        ];
        for (const key of Object.keys(load(language, namespace))) {
          const category = PLURAL.exec(key)?.[1];
          if (category) expect(categories, key).toContain(category);
        }
      },
    );

    it.each(namespaces)(
      'has every plural form the language needs for each counted text in %s',
      (namespace) => {
        // A missing form falls back to English: "1 000 000 patients" would be read in English.
        const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const keys = Object.keys(load(language, namespace));
        const counted = new Set(
          keys.flatMap((key) => (PLURAL.test(key) ? [key.replace(PLURAL, '')] : [])),
        );
        for (const base of counted)
          for (const category of needed) expect(keys, base).toContain(`${base}_${category}`);
      },
    );

    it('writes the brand as the language does, never in Latin letters where it is translated', () => {
      const brand = load(language, 'common.json').brand!;
      const englishBrand = load('en', 'common.json').brand!;
      if (brand === englishBrand) return;
      // A language that writes our brand in its own letters writes these names so too.
      const names = [englishBrand, ...NAMES_WITH_NATIVE_SPELLINGS];
      for (const namespace of namespaces) {
        for (const [key, text] of Object.entries(load(language, namespace))) {
          for (const name of names) expect(text, `${namespace} ${key}`).not.toContain(name);
        }
      }
    });

    it('is really translated: most texts differ from English', () => {
      let same = 0;
      let total = 0;
      for (const namespace of namespaces) {
        const english = load('en', namespace);
        for (const [key, text] of Object.entries(load(language, namespace))) {
          total += 1;
          if (text === english[key]) same += 1;
        }
      }
      expect(same / total).toBeLessThan(0.2);
    });
  },
);
