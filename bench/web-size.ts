// What the home page really loads, measured in Chromium: gzipped JS and CSS, and no
// Stripe, Firebase or Retell code.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
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

export async function benchWebSize(paths = ['/', '/login']) {
  const portal = await startPortal();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const rows = [];
  try {
    for (const pagePath of paths) {
      const page = await browser.newPage();
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
      await page.goto(`${portal.url}${pagePath}`, { waitUntil: 'networkidle' });
      await page.close();
      const sum = (type: string, key: 'gzip' | 'raw') =>
        assets.filter((a) => a.type === type).reduce((total, a) => total + a[key], 0) / 1024;
      const loaded = FORBIDDEN.filter((f) => assets.some((a) => f.test(a.url, a.body))).map(
        (f) => f.name,
      );
      rows.push({
        page: pagePath,
        'JS files': assets.filter((a) => a.type === 'script').length,
        'JS KiB gzip': Number(sum('script', 'gzip').toFixed(1)),
        'JS KiB raw': Number(sum('script', 'raw').toFixed(1)),
        'CSS KiB gzip': Number(sum('stylesheet', 'gzip').toFixed(1)),
        'target JS': '≤ 120 KiB',
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

if (import.meta.filename === process.argv[1]) await benchWebSize();
