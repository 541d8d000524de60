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

describe.each(LANGUAGES.filter((l) => l.code !== 'en').map((l) => l.code))(
  'locale %s',
  (language) => {
    it.each(namespaces)('has every key of the English %s, none empty', (namespace) => {
      const english = load('en', namespace);
      const translated = load(language, namespace);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(translated)) expect(text.trim(), key).not.toBe('');
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
