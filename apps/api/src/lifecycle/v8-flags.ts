import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off. The repo's launchers pass it on the command line
 * (../../server-node-args.mjs), where it holds from the first module on; this sets it again at
 * run time, before the app's own modules load (server.ts imports this first; the npm packages'
 * imports are evaluated before it), for a server started without the option.
 *
 * Why: with it on, V8 sees the many long-lived objects that building the app's schemas leaves
 * behind and allocates later objects from the same allocation sites directly in the old
 * generation. Each request's short-lived objects then go there too, so the old generation fills
 * between major collections: under a patient-list load the GC trace shows mark-compacts every few
 * seconds and peak memory far above the same load without it, with no leak. Node 22 behaves the
 * same. On Node 24 the flag alone changes little: its young generation is four times larger,
 * which only a command-line option can size (../../server-node-args.mjs). The measurements are in
 * docs/decisions/0008-v8-flags.md.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
