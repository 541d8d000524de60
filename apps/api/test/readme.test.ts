import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAYMENTS_ENV } from '../src/providers/payments/definitions.ts';

/**
 * The README is the first page a new engineer reads: its layout, its configuration table and
 * its links have to stay true while the code moves, so they are checked against the code here.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function read(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8');
}

/** The lines of a `## ` or `### ` section, up to the next heading of the same or a higher level. */
function sectionOf(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) throw new Error(`README.md has no "${heading}" heading`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex(
    (line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level,
  );
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/**
 * The paths of the layout's tree: each line is a name (a folder ends with `/`, and may span
 * several segments such as `apps/api/`) indented under its parent, then a description.
 */
function layoutPaths(readme: string): string[] {
  const section = sectionOf(readme, '## Repository layout');
  const open = section.findIndex((line) => line.startsWith('```'));
  const close = section.findIndex((line, i) => i > open && line.startsWith('```'));
  const parents: { indent: number; path: string }[] = [];
  const paths: string[] = [];
  for (const line of section.slice(open + 1, close)) {
    const name = /^( *)(\S+)/.exec(line);
    if (!name) continue;
    const indent = name[1]!.length;
    while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
    const full = `${parents.at(-1)?.path ?? ''}${name[2]}`;
    paths.push(full);
    if (full.endsWith('/')) parents.push({ indent, path: full });
  }
  return paths;
}

/** Folders the repository keeps: not those git ignores (dependencies, build output, local data). */
function foldersIn(relative: string): string[] {
  const folders = fs
    .readdirSync(path.join(ROOT, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => name !== 'node_modules' && (!name.startsWith('.') || name === '.ci'))
    .map((name) => `${relative ? `${relative}/` : ''}${name}/`);
  const ignored = new Set(
    spawnSync('git', ['check-ignore', '--', ...folders], { cwd: ROOT, encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map((folder) => (folder.endsWith('/') ? folder : `${folder}/`)),
  );
  return folders.filter((folder) => !ignored.has(folder)).sort();
}

/** The folders whose every subfolder the layout names. */
const LISTED_IN_FULL = [
  '',
  'apps',
  'apps/api',
  'apps/api/src',
  'apps/api/src/modules',
  'apps/web',
  'apps/web/src',
  'apps/web/src/features',
  'packages',
];

/** The variables of `ZEnv` in config.ts, and those of every payment provider it spreads in. */
function serverVariables(): string[] {
  const source = read('apps/api/src/config.ts');
  const object = /const ZEnv = z\s*\.object\(\{\n([\s\S]*?)\n {2}\}\)/.exec(source);
  if (!object) throw new Error('config.ts: the ZEnv object was not found');
  const own = [...object[1]!.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
  return [...new Set([...own, ...Object.keys(PAYMENTS_ENV)])].sort();
}

/** The variables named in the first column of a section's table. */
function tableVariables(readme: string, heading: string): string[] {
  const names = sectionOf(readme, heading)
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return [...new Set(names)].sort();
}

function sourceFiles(relative: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, relative), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
}

/** Where the scripts and tests that a person runs read their environment. */
const TOOL_FOLDERS = ['apps/api/src', 'apps/api/test', 'scripts', 'e2e', 'bench'];

/** Read from the environment, but set by the repository's own launchers, never by a person. */
const SET_BY_LAUNCHERS = ['API_PORT', 'E2E_BASE_URL', 'E2E_DATA_DIR', 'NODE_COMPILE_CACHE', 'PATH'];

/** Benchmarks and measuring scripts are documented with their figures, not in the README. */
function isTool(file: string): boolean {
  const relative = path.relative(ROOT, file);
  return !relative.startsWith(`bench${path.sep}`) && !path.basename(file).startsWith('measure-');
}

function variablesReadBy(files: string[]): Set<string> {
  return new Set(
    files.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map(
        (match) => match[1]!,
      ),
    ),
  );
}

function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
  return ['README.md', ...docs.sort()];
}

describe('README.md', () => {
  const readme = read('README.md');

  it('stays a short entry point (at most 200 lines)', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('names only paths that exist in its repository layout', () => {
    const missing = layoutPaths(readme).filter((listed) => {
      const stat = fs.statSync(path.join(ROOT, listed), { throwIfNoEntry: false });
      return listed.endsWith('/') ? !stat?.isDirectory() : !stat?.isFile();
    });
    expect(missing).toEqual([]);
  });

  it('names every API module, web feature and top-level folder in its repository layout', () => {
    const listed = new Set(layoutPaths(readme));
    const unnamed = LISTED_IN_FULL.flatMap(foldersIn).filter((folder) => !listed.has(folder));
    expect(unnamed).toEqual([]);
  });

  it('lists exactly the variables config.ts reads in its server configuration table', () => {
    expect(tableVariables(readme, '### The server')).toEqual(serverVariables());
  });

  it('lists every variable a person sets for the scripts and tests, and only those', () => {
    const server = new Set(serverVariables());
    const tools = tableVariables(readme, '### Scripts and tests');
    const undocumented = [...variablesReadBy(TOOL_FOLDERS.flatMap(sourceFiles).filter(isTool))]
      .filter((name) => !server.has(name) && !tools.includes(name))
      .filter((name) => !SET_BY_LAUNCHERS.includes(name))
      .sort();
    expect(undocumented).toEqual([]);
    const sources = TOOL_FOLDERS.flatMap(sourceFiles).map((file) => fs.readFileSync(file, 'utf8'));
    const unread = tools.filter(
      (name) => !sources.some((text) => new RegExp(`\\b${name}\\b`).test(text)),
    );
    expect(unread).toEqual([]);
  });
});

describe('docs/performance.md', () => {
  it('names every variable the benchmarks and measuring scripts read', () => {
    const performance = read('docs/performance.md');
    const measuring = TOOL_FOLDERS.flatMap(sourceFiles).filter((file) => !isTool(file));
    const unnamed = [...variablesReadBy(measuring)]
      .filter((name) => !SET_BY_LAUNCHERS.includes(name))
      .filter((name) => !new RegExp(`\\b${name}\\b`).test(performance))
      .sort();
    expect(unnamed).toEqual([]);
  });
});

describe('README.md and docs/', () => {
  it('link only to files that exist', () => {
    const broken = markdownFiles().flatMap((file) => {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^([a-z]+:|#)/i.test(target))
        .filter((target) => {
          const resolved = path.resolve(ROOT, path.dirname(file), target.split('#')[0]!);
          return !fs.existsSync(resolved);
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('hold current truth only: no commit hashes, dated runs, issue numbers or outside files', () => {
    const history = markdownFiles().flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          [
            /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/,
            /\b20\d\d-\d\d-\d\d\b/,
            /\bissues? #?\d+/i,
            /\b(SPEC|ARCHITECTURE)\.md\b|\.\.\/shared\//,
          ]
            .filter((pattern) => pattern.test(line))
            .map(() => `${file}:${i + 1}: ${line.trim()}`),
        ),
    );
    expect(history).toEqual([]);
  });
});
