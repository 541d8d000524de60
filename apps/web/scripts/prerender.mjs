// Prerenders the public pages (src/prerender/prerendered-pages.ts) in every language into
// dist/prerendered/<language>/<page>.html, from the server build in dist-ssr/, and completes
// dist/index.html (the shell of every other page). A prerendered page links its styles and
// lists its scripts for src/boot.ts, which fetches them all at once after the first paint.
// The API serves these files (apps/api/src/plugins/web-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(WEB, 'dist');
const OUT = path.join(DIST, 'prerendered');

const { renderPage, PRERENDERED_PAGES, LAYOUT_NAMESPACES, LANGUAGE_CODES } = await import(
  pathToFileURL(path.join(WEB, 'dist-ssr/render-page.js')).href
);
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');

/** A chunk's file, its static imports' files and every stylesheet they bring. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { scripts: [], styles: [] };
  seen.add(key);
  const scripts = [chunk.file];
  const styles = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const inner = chunkFiles(imported, seen);
    scripts.push(...inner.scripts);
    styles.push(...inner.styles);
  }
  return { scripts, styles };
}

/** What the modules `keys` need beyond the template: styles to link, scripts to fetch. */
function filesFor(keys) {
  const inTemplate = chunkFiles('index.html');
  const linked = new Set([...inTemplate.scripts, ...inTemplate.styles]);
  const found = keys.map((key) => {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the build manifest`);
    return chunkFiles(key, new Set(['index.html']));
  });
  const fresh = (files) => [...new Set(files)].filter((file) => !linked.has(file));
  return {
    scripts: fresh(found.flatMap((f) => f.scripts)).map((file) => `/${file}`),
    styles: fresh(found.flatMap((f) => f.styles)).map((file) => `/${file}`),
  };
}

const styleLinks = (styles) =>
  styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
const preloadLinks = (scripts) =>
  scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
const intoHead = (html, links) => html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The shell of the pages rendered in the browser: the app's styles, and all its scripts at once.
const app = filesFor(['src/main.tsx']);
fs.writeFileSync(
  path.join(DIST, 'index.html'),
  intoHead(template, [...styleLinks(app.styles), ...preloadLinks(app.scripts)]),
);

async function writePage({ page, language, identity, file }) {
  const rendered = await renderPage({ path: page.path, language, identity });
  // React puts its image preloads first; they belong in <head>, where hydration never looks.
  const imagePreloads = rendered.html.match(/^(<link [^>]*\/>)*/)[0];
  const body = rendered.html.slice(imagePreloads.length);
  const files = filesFor([
    'src/main.tsx',
    page.module,
    ...[...LAYOUT_NAMESPACES, page.namespace].map(
      (namespace) => `src/i18n/locales/${language}/${namespace}.json`,
    ),
  ]);
  const head = [
    ...styleLinks(files.styles),
    imagePreloads.replaceAll('fetchPriority=', 'fetchpriority=').replaceAll('/>', '>'),
  ];
  const attributes = [
    `data-prerendered="${language}"`,
    ...(identity ? [`data-identity="${identity}"`] : []),
    `data-preload="${files.scripts.join(' ')}"`,
  ];
  const document = intoHead(template, head)
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${language}" dir="${rendered.dir}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" ${attributes.join(' ')}>${body}</div>`);
  fs.writeFileSync(file, document);
}

fs.rmSync(OUT, { recursive: true, force: true });
const pages = {};
const variants = {};
for (const language of LANGUAGE_CODES) {
  fs.mkdirSync(path.join(OUT, language), { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    // Pages that depend on the sign-in provider come in one file per provider.
    for (const identity of [undefined, ...(page.identities ?? [])]) {
      const file = identity ? `${page.name}.${identity}.html` : `${page.name}.html`;
      await writePage({ page, language, identity, file: path.join(OUT, language, file) });
      if (identity) (variants[page.path] ??= {})[identity] = file;
      else pages[page.path] = file;
    }
  }
}
// What the server needs to choose a file: the languages, which path is which page, and the
// pages that have a file per sign-in provider.
fs.writeFileSync(
  path.join(OUT, 'pages.json'),
  `${JSON.stringify({ languages: LANGUAGE_CODES, pages, variants }, null, 2)}\n`,
);
console.log(`prerendered ${Object.keys(pages).length} pages in ${LANGUAGE_CODES.length} languages`);
