// Where a page's main-thread time goes while it loads: a CPU profile of one page in Chromium at
// Lighthouse's 4× CPU slowdown, summed by script file and by function (self time). The figures
// name the long tasks that total blocking time counts; they are not budgets.
// PAGE picks the page by its label in lib/pages.ts (default /records); PROFILE_OUT keeps the
// .cpuprofile for Chromium's DevTools. The busy stretches (the long tasks, as the sampler sees
// them) are listed with their busiest functions; a build with source maps
// (`npx vite build --sourcemap` in apps/web) names those by their source file.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { storeSession } from '../e2e/support/session.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { benchPages, benchPractitioner } from './lib/pages.ts';
import { networkIdleBesidesStreams } from './lib/network-idle.ts';
import { startPortal } from './lib/portal.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const CPU_SLOWDOWN = 4;
const SHOWN = 15;

// Built chunks are named by their hash alone (apps/web/vite.config.ts): the build's manifest
// names each as its file was named before: by its module, or its shared modules' chunk.
const MANIFEST = path.join(import.meta.dirname, '../apps/web/dist/.vite/manifest.json');
const sourceOf = new Map(
  Object.entries(
    JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<
      string,
      { file: string; name?: string; src?: string }
    >,
  ).map(([key, chunk]) => [chunk.file.replace(/^.*\//, ''), chunk.name ?? chunk.src ?? key]),
);

function fileOf(url: string): string {
  const file = url.replace(/^.*\//, '');
  return file ? (sourceOf.get(file) ?? file) : '(native)';
}

const ASSETS = path.join(import.meta.dirname, '../apps/web/dist/assets');
const sourceMaps = new Map<string, SourceMapConsumer | null>();

/** A frame's source file (its package, or its path under src/) when the build has source maps. */
function sourceFileOf(frame: ProfileNode['callFrame']): string | null {
  const file = frame.url.replace(/^.*\//, '');
  if (!file.endsWith('.js')) return null;
  if (!sourceMaps.has(file)) {
    const map = path.join(ASSETS, `${file}.map`);
    sourceMaps.set(
      file,
      fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null,
    );
  }
  const source = sourceMaps
    .get(file)
    ?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return null;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  return inPackage ? inPackage[1]! : source.replace(/^(\.\.\/)+/, '');
}

/** How a frame is named in the stretches: its source file if known, else its chunk and name. */
function frameName(frame: ProfileNode['callFrame']): string {
  const source = sourceFileOf(frame);
  if (source) return `${frame.functionName || '(anonymous)'} ${source}`;
  return `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`;
}

/** A stretch of busy samples with no idle one between them: one or more back-to-back tasks. */
interface Stretch {
  startMs: number;
  durationMs: number;
  /** Self time by function. */
  selfMs: Map<string, number>;
  /** Total time by source file (each sample counted once per file on its stack). */
  totalMs: Map<string, number>;
}

/** The busy stretches of at least `minMs`, at the profile's (slowed-down) pace. */
function busyStretches(profile: CpuProfile, minMs: number): Stretch[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stretches: Stretch[] = [];
  let current: Stretch | undefined;
  let at = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    at += delta;
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) {
      if (current && current.durationMs >= minMs) stretches.push(current);
      current = undefined;
      return;
    }
    current ??= { startMs: at, durationMs: 0, selfMs: new Map(), totalMs: new Map() };
    current.durationMs += delta;
    const self = frameName(node.callFrame);
    current.selfMs.set(self, (current.selfMs.get(self) ?? 0) + delta);
    const files = new Set<string>();
    for (let frame: number | undefined = id; frame !== undefined; frame = parentOf.get(frame)) {
      const callFrame = byId.get(frame)!.callFrame;
      if (callFrame.url) files.add(sourceFileOf(callFrame) ?? fileOf(callFrame.url));
    }
    for (const file of files) current.totalMs.set(file, (current.totalMs.get(file) ?? 0) + delta);
  });
  if (current && current.durationMs >= minMs) stretches.push(current);
  return stretches;
}

const largest = (times: Map<string, number>, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0)} ${name}`)
    .join(', ');

/** Self time in ms by key, largest first. */
function selfTimes(profile: CpuProfile, keyOf: (node: ProfileNode) => string | null) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const key = keyOf(byId.get(id)!);
    if (key) totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const IDLE = new Set(['(idle)', '(program)']);

export async function benchPageProfile() {
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const practitioner = await benchPractitioner(portal.url);
    const pages = await benchPages(portal.url, practitioner.token);
    const label = process.env.PAGE ?? '/records';
    const target = pages.find((page) => page.label === label);
    if (!target)
      throw new Error(`no page labelled ${label}: ${pages.map((p) => p.label).join(', ')}`);
    const context = await browser.newContext();
    if (target.isSignedIn) {
      await storeSession(await context.newPage(), portal.url, practitioner.stored);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // Not 'networkidle': a signed-in page keeps the messages' live stream open, so it never is.
    // The load, the app started (main.tsx marks it), then the page's data and what follows it.
    const idle = networkIdleBesidesStreams(page);
    await page.goto(`${portal.url}${target.path}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    await idle();
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

    const busy = (node: ProfileNode) => (IDLE.has(node.callFrame.functionName) ? null : node);
    const byFile = selfTimes(profile, (node) => busy(node) && fileOf(node.callFrame.url));
    const byFunction = selfTimes(profile, (node) => {
      if (!busy(node)) return null;
      const frame = node.callFrame;
      return `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    });
    const total = byFile.reduce((sum, [, ms]) => sum + ms, 0);
    console.log(
      `${label}: ${total.toFixed(0)} ms of main-thread JavaScript at ${CPU_SLOWDOWN}× slowdown`,
    );
    console.log('\nby script file (self ms)');
    for (const [file, ms] of byFile.slice(0, SHOWN))
      console.log(`${ms.toFixed(0).padStart(7)}  ${file}`);
    console.log(
      '\nby function (self ms; minified names, open PROFILE_OUT in DevTools to map them)',
    );
    for (const [name, ms] of byFunction.slice(0, SHOWN))
      console.log(`${ms.toFixed(1).padStart(7)}  ${name}`);
    console.log(
      '\nbusy stretches over 50 ms (start and length in ms; busiest files; busiest functions)',
    );
    for (const stretch of busyStretches(profile, Number(process.env.STRETCH_MS ?? 50))) {
      console.log(
        `${stretch.startMs.toFixed(0).padStart(6)} ${stretch.durationMs.toFixed(0).padStart(5)}  files: ${largest(stretch.totalMs, 6)}`,
      );
      console.log(`${''.padStart(14)}self: ${largest(stretch.selfMs, 4)}`);
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchPageProfile();
