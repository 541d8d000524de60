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
 * The app's own text `namespace:key.path` in `language`, `{{name}}` filled from `values`: a
 * journey in five languages asserts what the reader sees without a second copy of the texts.
 */
export function text(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  const texts: unknown = JSON.parse(
    fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'),
  );
  const found = dotted
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  if (typeof found !== 'string') throw new Error(`No text ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
