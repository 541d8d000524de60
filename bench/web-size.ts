// What each page really loads, measured in Chromium: gzipped JS and CSS, and no Stripe, Firebase
// or Retell code. The home page is held to its budget (lib/budgets.ts).
import zlib from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { storeSession } from '../e2e/support/session.ts';
import { checkBudget, HOME_JS_KIB, reportBudgets } from './lib/budgets.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { benchPages, benchPractitioner } from './lib/pages.ts';
import { networkIdleBesidesStreams } from './lib/network-idle.ts';
import { printTable, startPortal, writeResult } from './lib/portal.ts';

const FORBIDDEN = [
  {
    name: 'Stripe',
    test: (url: string, body: string) => url.includes('stripe.com') || body.includes('Stripe.js'),
  },
  { name: 'Firebase', test: (_url: string, body: string) => body.includes('FirebaseError') },
  {
    name: 'Retell',
    test: (_url: string, body: string) =>
      body.includes('RetellWebClient') || body.includes('livekit'),
  },
];

export async function benchWebSize() {
  const portal = await startPortal();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const rows = [];
  try {
    const practitioner = await benchPractitioner(portal.url);
    const pages = await benchPages(portal.url, practitioner.token);
    // Each page in a new context, so nothing comes from the cache of the one before.
    const contextFor = async (isSignedIn: boolean): Promise<BrowserContext> => {
      const context = await browser.newContext();
      if (isSignedIn) await storeSession(await context.newPage(), portal.url, practitioner.stored);
      return context;
    };
    for (const { label, path: pagePath, isSignedIn } of pages) {
      const context = await contextFor(isSignedIn);
      const page = await context.newPage();
      const assets: { url: string; type: string; gzip: number; raw: number; body: string }[] = [];
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        assets.push({
          url: response.url(),
          type,
          raw: body.length,
          gzip: zlib.gzipSync(body).length,
          body: body.toString(),
        });
      });
      // A signed-in page keeps the messages' live stream open, so it is never network-idle: it
      // is measured once everything but that stream has settled (the header's parts start once
      // the browser is idle after the page).
      const idle = networkIdleBesidesStreams(page);
      await page.goto(`${portal.url}${pagePath}`, { waitUntil: 'load' });
      if (isSignedIn) {
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
      }
      await idle();
      await context.close();
      const sum = (type: string, key: 'gzip' | 'raw') =>
        assets.filter((a) => a.type === type).reduce((total, a) => total + a[key], 0) / 1024;
      const loaded = FORBIDDEN.filter((f) => assets.some((a) => f.test(a.url, a.body))).map(
        (f) => f.name,
      );
      const jsGzip = Number(sum('script', 'gzip').toFixed(1));
      rows.push({
        page: label,
        'JS files': assets.filter((a) => a.type === 'script').length,
        'JS KiB gzip': jsGzip,
        'JS KiB raw': Number(sum('script', 'raw').toFixed(1)),
        'CSS KiB gzip': Number(sum('stylesheet', 'gzip').toFixed(1)),
        budget:
          label === '/'
            ? `${checkBudget('home page JS KiB gzip', jsGzip, HOME_JS_KIB, 'max')} (≤ ${HOME_JS_KIB})`
            : '—',
        'Stripe/Firebase/Retell loaded': loaded.length ? loaded.join(', ') : 'none',
      });
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  printTable('What each page loads (Chromium, gzip level 6)', rows);
  writeResult('web-size', { rows });
  return rows;
}

if (import.meta.filename === process.argv[1]) {
  await benchWebSize();
  reportBudgets();
}
