import fs from 'node:fs';

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`), the build
 * Playwright itself runs headless tests in, when installed; otherwise the full browser. Same
 * engine, same version: the shell leaves out the browser's own window and compositing, which
 * more than halves the renderers' CPU on CI's 2-core machine
 * (docs/decisions/0018-e2e-headless-shell.md).
 * `CHROMIUM_PATH` picks another build.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** How every headless Chromium here starts, this suite's and the benchmarks' (`bench/lib/`). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The suite's: a fake microphone the voice journeys can use without a prompt. */
export const CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
