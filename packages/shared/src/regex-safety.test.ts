import fs from 'node:fs';
import path from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * ReDoS: every regular expression the product runs is proven free of super-linear backtracking
 * by recheck's analysis (no timing involved). The expressions are collected from the sources,
 * so a new one is covered without anyone listing it: regex literals, `RegExp(...)` with literal
 * arguments, and the zod formats the sources call (`z.email()`, `z.uuid()`, …). A `RegExp` built
 * from a non-literal is refused outright, since it cannot be checked.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['packages/shared/src', 'apps/api/src', 'apps/web/src'];

interface FoundRegex {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    // Tests run no hostile input; everything else (routes, schemas, components) does.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return '';
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
    ? node.text
    : undefined;
}

/** zod's built-in format patterns, for the formats called as `z.<format>()` or `.<format>()`. */
function zodFormat(name: string): RegExp | undefined {
  const format = (z.regexes as Record<string, unknown>)[name];
  if (format instanceof RegExp) return format;
  if (typeof format === 'function') {
    // Some take no options (uuid), others an options object they read (datetime, time).
    const make = format as (options?: object) => unknown;
    let made: unknown;
    try {
      made = make();
    } catch {
      made = make({});
    }
    return made instanceof RegExp ? made : undefined;
  }
  return undefined;
}

function collectRegexes(): { found: FoundRegex[]; unchecked: string[] } {
  const found: FoundRegex[] = [];
  const unchecked: string[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      scan(path.relative(ROOT, file), fs.readFileSync(file, 'utf8'));
    }
  }
  return { found, unchecked };

  function scan(name: string, text: string) {
    const sourceFile = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
      const where = `${name}:${line + 1}`;
      const script = embeddedScript(node);
      if (script !== undefined) {
        scan(`${where} (embedded script)`, script);
      } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText();
        const end = literal.lastIndexOf('/');
        found.push({ where, source: literal.slice(1, end), flags: literal.slice(end + 1) });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [pattern, flags] = node.arguments ?? [];
        const source = literalText(pattern);
        const flagText = literalText(flags);
        if (source === undefined || flagText === undefined) unchecked.push(where);
        else found.push({ where, source, flags: flagText });
      } else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        zodFormat(node.expression.name.text) &&
        text.includes("from 'zod'")
      ) {
        const regex = zodFormat(node.expression.name.text)!;
        found.push({
          where: `${where} (zod ${node.expression.name.text})`,
          source: regex.source,
          flags: regex.flags,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
}

/**
 * A script the API serves from a template string (the local sign-in popup's): its text as the
 * browser gets it, substitutions as `null`, so its own regular expressions are checked too.
 */
function embeddedScript(node: ts.Node): string | undefined {
  let text: string | undefined;
  if (ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
  else if (ts.isTemplateExpression(node))
    text = node.head.text + node.templateSpans.map((span) => `null${span.literal.text}`).join('');
  return text?.startsWith("'use strict';") ? text : undefined;
}

const { found, unchecked } = collectRegexes();
const distinct = [...new Map(found.map((regex) => [`/${regex.source}/${regex.flags}`, regex]))];

describe('regular expressions in packages/shared, apps/api and apps/web', () => {
  it('are all collected from the sources (including the shared e-mail pattern)', () => {
    expect(unchecked).toEqual([]);
    expect(found.length).toBeGreaterThan(30);
    expect(found.map((regex) => regex.where)).toContainEqual(
      expect.stringMatching(/^packages\/shared\/src\/email\.ts:/),
    );
    expect(found.some((regex) => regex.where.includes('(zod uuid)'))).toBe(true);
    expect(found.some((regex) => regex.where.includes('(embedded script)'))).toBe(true);
  });

  it.each(distinct)('%s is safe (no super-linear backtracking)', async (_pattern, regex) => {
    const diagnostics = await check(regex.source, regex.flags);
    expect(
      { status: diagnostics.status, where: regex.where },
      diagnostics.status === 'vulnerable'
        ? `${diagnostics.complexity.summary}; attack: ${diagnostics.attack.pattern}`
        : diagnostics.status === 'unknown'
          ? diagnostics.error.kind
          : '',
    ).toEqual({ status: 'safe', where: regex.where });
  });

  it('recheck does flag the e-mail pattern this replaced (the check can fail)', async () => {
    const diagnostics = await check('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '');
    expect(diagnostics.status).toBe('vulnerable');
  });
});
