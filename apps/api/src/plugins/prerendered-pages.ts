import fs from 'node:fs';
import path from 'node:path';

/** What the web build's prerender wrote (apps/web/scripts/prerender.mjs). */
interface PagesFile {
  /** The app's languages, the default (English) first. */
  languages: string[];
  /** Path → file name inside `prerendered/<language>/`. */
  pages: Record<string, string>;
  /** Path → sign-in provider → file name, for pages that show something provider-specific. */
  variants?: Record<string, Record<string, string>>;
}

export interface PrerenderedPages {
  /** The prerendered file (relative to the dist folder) for a page request, if there is one. */
  fileFor(request: {
    url: string;
    headers: Record<string, string | string[] | undefined>;
  }): string | undefined;
}

const LANGUAGE_COOKIE = /(?:^|;\s*)lang=([^;]*)/;

/**
 * The reader's language as the web app will choose it (apps/web/src/i18n/i18n.ts): the stored
 * choice (mirrored in the `lang` cookie), else the first accepted language the app has (by its
 * two-letter prefix, so zh-TW gets zh-CN), else English. When this guess is wrong the app
 * simply renders instead of hydrating.
 */
export function chooseLanguage(
  languages: string[],
  { cookie, acceptLanguage }: { cookie?: string | undefined; acceptLanguage?: string | undefined },
): string {
  const stored = cookie?.match(LANGUAGE_COOKIE)?.[1];
  const decoded = stored ? safeDecode(stored) : undefined;
  if (decoded && languages.includes(decoded)) return decoded;
  const accepted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const match = languages.find((code) => tag.startsWith(code.slice(0, 2)));
    if (match) return match;
  }
  return languages[0]!;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The prerendered pages of a web build, or undefined when it has none; `identity` is the
 * configured sign-in provider (the login page shows a hint for the local one).
 */
export function loadPrerenderedPages(
  distDir: string,
  identity: string,
): PrerenderedPages | undefined {
  const pagesFile = path.join(distDir, 'prerendered', 'pages.json');
  if (!fs.existsSync(pagesFile)) return undefined;
  const { languages, pages, variants } = JSON.parse(
    fs.readFileSync(pagesFile, 'utf8'),
  ) as PagesFile;
  return {
    fileFor({ url, headers }) {
      const pathname = url.split('?')[0]!;
      const file = variants?.[pathname]?.[identity] ?? pages[pathname];
      if (!file) return undefined;
      const language = chooseLanguage(languages, {
        cookie: header(headers.cookie),
        acceptLanguage: header(headers['accept-language']),
      });
      return `prerendered/${language}/${file}`;
    },
  };
}
