import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off. The repo's launchers pass it on the command line
 * (../../server-node-args.mjs), where it holds from the first module on; this sets it again at
 * run time, before the app's own modules load (server.ts imports this first; the npm packages'
 * imports are evaluated before it), for a server started without the option.
 *
 * Why: with it on, V8 saw the many long-lived objects that building the app's schemas leaves
 * behind and decided to allocate later objects from the same allocation sites directly in the old
 * generation. Each request's short-lived objects then went there too, so the old generation
 * filled between major collections. Measured on 2026-11-24: one patient list under load (10
 * connections, 8 s, 20,000 patients), Node 20, API process:
 * - peak resident memory: 227–267 MiB with pretenuring on (it first went over 200 MiB at
 *   2241f8e, where the reminders' schemas joined), 134–139 MiB with it off;
 * - requests answered: 15,500–16,300 on, 16,500–17,900 off;
 * - the GC trace: with it on, each scavenge kept about 10 MB and five mark-compacts ran in 8 s;
 *   with it off, none.
 * Node 22 behaves the same (peak 283 → 156 MiB). On Node 24 the flag changes nothing (about
 * 296 MiB either way): its V8 held about 282 MiB at rest, in a young generation four times
 * larger, which only a command-line option can size (../../server-node-args.mjs).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
