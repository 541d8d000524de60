// The repository's import-x/no-cycle settings, on fixture files: without the TypeScript
// extensions, parser and resolver it is given, the rule finds no file to follow and passes
// everything in silence.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const importX = config.find((block) => block.rules?.['import-x/no-cycle']);

async function noCycleMessages(fixture) {
  const eslint = new ESLint({
    cwd: FIXTURES,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      { ...importX, files: ['**/*.ts'] },
    ],
  });
  const results = await eslint.lintFiles([`${fixture}/*.ts`]);
  return results.flatMap((result) =>
    result.messages.map((message) => `${path.basename(result.filePath)}: ${message.message}`),
  );
}

describe('import-x/no-cycle as eslint.config.js sets it', () => {
  it('reports two files that import each other through .ts paths', async () => {
    expect(await noCycleMessages('file-cycle')).toEqual([
      'a.ts: Dependency cycle detected',
      'b.ts: Dependency cycle detected',
    ]);
  });

  it('accepts a cycle whose way back is a type-only import', async () => {
    expect(await noCycleMessages('file-type-cycle')).toEqual([]);
  });
});
