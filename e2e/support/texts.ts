import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/i18n/locales',
);

/** The five languages of the portal. */
export const LANGUAGES = ['en', 'ar', 'fr', 'de', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The languages the keyboard journeys walk: English, and Arabic for right to left. French,
 * German and Chinese lay out and take keys as English does; that each of their texts exists and
 * is translated is the web suite's locales test (apps/web/src/i18n/locales.test.ts).
 */
export const KEYBOARD_LANGUAGES = ['en', 'ar'] as const satisfies readonly Language[];

type Values = Record<string, string | number>;

const files = new Map<string, unknown>();

function lookUp(language: Language, namespace: string, dotted: string): unknown {
  const file = path.join(LOCALES, language, `${namespace}.json`);
  if (!files.has(file)) files.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
  return dotted
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files.get(file),
    );
}

/**
 * The app's own text `namespace:key.path` in `language`, `{{name}}` filled from `values`: a
 * journey in five languages asserts what the reader sees without a second copy of the texts.
 * With a numeric `count`, a key without its own text takes the language's plural form
 * (`_one`, `_few`, `_other`…), as i18next does.
 */
export function text(language: Language, key: string, values: Values = {}): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  let found = lookUp(language, namespace, dotted);
  if (found === undefined && typeof values.count === 'number') {
    const form = new Intl.PluralRules(language).select(values.count);
    found =
      lookUp(language, namespace, `${dotted}_${form}`) ??
      lookUp(language, namespace, `${dotted}_other`);
  }
  if (typeof found !== 'string') throw new Error(`No text ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * `text` as a pattern for a sentence whose other parts the browser formats (a date, a time in
 * the reader's language): each `{{name}}` not in `values` matches any words.
 */
export function textPattern(language: Language, key: string, values: Values = {}): RegExp {
  const escaped = text(language, key, values).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));
}

/** `text` bound to one language: `t('records:heading')`. */
export const textsOf = (language: Language) => (key: string, values?: Values) =>
  text(language, key, values);

/** A name inside a sentence as the app isolates it (U+2068 … U+2069), see `isolate`. */
export const isolated = (name: string) => `\u2068${name}\u2069`;
