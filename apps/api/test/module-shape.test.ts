import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every domain is registered the same way, so someone adding one copies any folder: a
 * `<module>.plugin.ts` that builds the module's services and registers its routes, and one line
 * in app.ts. A plugin, a routes function or a service built in app.ts would be a second way.
 */

const SRC = path.resolve(import.meta.dirname, '../src');
const MODULES = fs
  .readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const APP = fs.readFileSync(path.join(SRC, 'app.ts'), 'utf8');

const pluginNameOf = (module: string) =>
  `${module.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Plugin`;

describe('the API modules', () => {
  it.each(MODULES)('%s is registered by app.ts from its own <module>.plugin.ts', async (module) => {
    const file = `./modules/${module}/${module}.plugin.ts`;
    const exported = (await import(path.join(SRC, file))) as Record<string, unknown>;
    expect(Object.keys(exported)).toEqual([pluginNameOf(module)]);
    expect(APP).toContain(`import { ${pluginNameOf(module)} } from '${file}';`);
    expect(APP).toMatch(new RegExp(`await app\\.register\\(${pluginNameOf(module)}, \\{`));
  });

  it('are registered by app.ts through their plugins only, and it builds none of their services', () => {
    const fromModules = [...APP.matchAll(/from '\.\/modules\/[^']+\/([^'/]+)'/g)].map(
      (match) => match[1],
    );
    const others = fromModules.filter((file) => !file!.endsWith('.plugin.ts'));
    // The token check is app-wide, and the request id names voice requests before any route.
    expect(others).toEqual(['authenticate.ts', 'voice-retell.routes.ts']);
    expect(APP).not.toMatch(/\bcreate\w*Service\b/);
    expect(APP).not.toMatch(/\w+Routes\b(?<!healthRoutes|configRoutes)/);
  });
});
