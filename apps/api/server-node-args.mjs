// The Node options every launcher of the built server passes before `dist/server.js`: `npm start`
// (scripts/start.mjs), the cluster (scripts/cluster/infra.mjs), the end-to-end servers
// (e2e/support/server.ts), the benches (bench/lib/portal.ts) and the API's process tests
// (test/server-process.ts). Run `node --max-semi-space-size=16 --no-allocation-site-pretenuring
// dist/server.js` by hand to match.
//
// --max-semi-space-size=16: the young generation Node 20 and 22 choose by themselves (two 16 MiB
// semi-spaces), which Node 24's V8 makes four times larger on a machine with much memory, and the
// API at rest then holds nearly twice the memory. V8 sizes the young generation when the heap is
// made, so it cannot be set from inside the server. The figures are in
// docs/decisions/0008-v8-flags.md.
//
// --no-allocation-site-pretenuring: why, in src/lifecycle/v8-flags.ts, which also sets it at run
// time for a plain `node dist/server.js`. On the command line it holds from the first module on,
// the npm packages' too (the bundle evaluates their imports before its own code).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16', '--no-allocation-site-pretenuring'];
