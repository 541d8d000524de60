// Bundles the API (and the shared package it imports as TypeScript) into one ES module file.
// `npm run build` writes dist/server.js; the API tests that run the server as a real process
// bundle the current sources the same way (test/global-setup.ts).
import { build } from 'esbuild';

/** @param {{ outfile: string, sourcemap?: boolean }} options The file must sit in `apps/api/dist/`. */
export async function bundleServer({ outfile, sourcemap = true }) {
  await build({
    absWorkingDir: import.meta.dirname,
    entryPoints: ['src/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap,
    // npm packages stay imports; workspace packages are TypeScript sources, so they are bundled.
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.kind === 'entry-point' || args.path.startsWith('@portal/')
              ? undefined
              : { external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
