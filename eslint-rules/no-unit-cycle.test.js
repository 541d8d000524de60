import fs from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import noUnitCycle, { UNIT_FOLDERS, unitCycles } from './no-unit-cycle.js';

RuleTester.describe = describe;
RuleTester.it = it;

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

/** A RuleTester case for one fixture file, read from disk, its units under `<fixture>/modules`. */
function fixture(relative, errors) {
  const [name] = relative.split('/');
  const filename = path.join(FIXTURES, relative);
  return {
    name: relative,
    filename,
    code: fs.readFileSync(filename, 'utf8'),
    options: [{ folders: [path.join(FIXTURES, name, 'modules')] }],
    ...(errors && { errors }),
  };
}

const cycle = (from, to, way) => ({
  message: `modules/${from} and modules/${to} import each other (${way}): a module may depend on another only one way.`,
  type: 'ImportDeclaration',
});

ruleTester.run('no-unit-cycle', noUnitCycle, {
  valid: [
    fixture('dag/modules/a/a.ts'),
    fixture('dag/modules/b/b.ts'),
    fixture('dag/modules/c/c.ts'),
    // A test file is outside the graph: it may import a module that depends on its own.
    fixture('dag/modules/c/c.test.ts'),
    // d imports a module of the ring, and nothing of the ring imports d.
    fixture('three-cycle/modules/d/d.ts'),
    fixture('two-cycle/modules/b/b.repository.ts'),
  ],
  invalid: [
    // Each direction through a different file, so no file-level cycle: only the units show it.
    fixture('two-cycle/modules/a/a.service.ts', [cycle('a', 'b', 'a -> b -> a')]),
    fixture('two-cycle/modules/b/b.service.ts', [cycle('b', 'a', 'b -> a -> b')]),
    fixture('three-cycle/modules/a/a.ts', [cycle('a', 'b', 'a -> b -> c -> a')]),
    fixture('three-cycle/modules/b/b.ts', [cycle('b', 'c', 'b -> c -> a -> b')]),
    // A type-only import couples the modules too.
    fixture('three-cycle/modules/c/c.ts', [cycle('c', 'a', 'c -> a -> b -> c')]),
  ],
});

// The rule on the repository itself, in `npm test` too (lint is a separate command): no API
// module and no web feature reaches back to one that imports it.
describe('the repository', () => {
  const ROOT = path.join(import.meta.dirname, '..');
  for (const folder of UNIT_FOLDERS)
    it(`${folder}: no two units import each other`, () => {
      expect(unitCycles(path.join(ROOT, folder))).toEqual([]);
    });
});
