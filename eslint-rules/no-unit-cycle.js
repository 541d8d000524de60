// `local/no-unit-cycle`: a unit (a folder directly under one of the configured folders, such as
// an API module) may depend on another only one way. import-x/no-cycle follows files, so it
// misses a cycle whose two directions go through different files of the units; this rule
// follows the units themselves.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's units: its API modules and its web features (relative to the root). */
export const UNIT_FOLDERS = ['apps/api/src/modules', 'apps/web/src/features'];

const SOURCE = /\.(?:ts|tsx|js|mjs)$/;
const TEST = /\.test\.tsx?$/;

/**
 * The units' graph, built once per process (one lint run) for each configured folder: every
 * relative import, export-from and dynamic import of its source files, type-only ones included
 * (they couple the units just the same), test files left out (a test may reach across). An
 * editor's long-lived ESLint keeps the graph it read first: restart it to see a moved import.
 * @type {Map<string, Map<string, Set<string>>>}
 */
const graphs = new Map();

/** The unit a path lies in: the first folder of it under `folder`, or null outside. */
function unitOf(folder, units, file) {
  const relative = path.relative(folder, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first] = relative.split(path.sep);
  return units.has(first) ? first : null;
}

/** @returns {Map<string, Set<string>>} each unit and the other units it imports */
function unitGraph(folder) {
  const cached = graphs.get(folder);
  if (cached) return cached;
  const units = new Set(
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
  const graph = new Map([...units].map((unit) => [unit, new Set()]));
  for (const unit of units) {
    const files = fs.readdirSync(path.join(folder, unit), { recursive: true, encoding: 'utf8' });
    for (const relative of files) {
      if (!SOURCE.test(relative) || TEST.test(relative)) continue;
      const file = path.join(folder, unit, relative);
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = unitOf(folder, units, path.resolve(path.dirname(file), fileName));
        if (target && target !== unit) graph.get(unit).add(target);
      }
    }
  }
  graphs.set(folder, graph);
  return graph;
}

/** The shortest way from `start` to `goal` (both included), or null when there is none. */
function shortestPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === goal) {
      const way = [];
      for (let step = goal; step !== null; step = previous.get(step)) way.unshift(step);
      return way;
    }
    for (const next of [...graph.get(unit)].sort()) {
      if (previous.has(next)) continue;
      previous.set(next, unit);
      queue.push(next);
    }
  }
  return null;
}

/**
 * Every import between two units of `folder` that closes a cycle, as `a -> b -> ... -> a`: what
 * the rule would report, for a check that runs without ESLint (the test suite's).
 * @returns {string[]}
 */
export function unitCycles(folder) {
  const graph = unitGraph(path.resolve(folder));
  const cycles = [];
  for (const [from, targets] of graph)
    for (const to of [...targets].sort()) {
      const back = shortestPath(graph, to, from);
      if (back) cycles.push([from, ...back].join(' -> '));
    }
  return cycles;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import between two units whose imports form a cycle.' },
    schema: [
      {
        type: 'object',
        properties: {
          folders: {
            description:
              'Folders whose every subfolder is a unit (absolute, or relative to the cwd).',
            type: 'array',
            items: { type: 'string' },
          },
        },
        required: ['folders'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        '{{kind}}/{{from}} and {{kind}}/{{to}} import each other ({{cycle}}): a module may depend on another only one way.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (TEST.test(file)) return {};
    const folder = context.options[0].folders
      .map((relative) => path.resolve(context.cwd, relative))
      .find((candidate) => !path.relative(candidate, file).startsWith('..'));
    if (!folder) return {};
    const graph = unitGraph(folder);
    const units = new Set(graph.keys());
    const from = unitOf(folder, units, file);
    if (!from) return {};

    function check(node) {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = unitOf(folder, units, path.resolve(path.dirname(file), source.value));
      if (!to || to === from) return;
      const back = shortestPath(graph, to, from);
      if (!back) return;
      context.report({
        node,
        messageId: 'cycle',
        data: { kind: path.basename(folder), from, to, cycle: [from, ...back].join(' -> ') },
      });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
