/**
 * The page's one script tag. A prerendered page is complete without scripts, so the app's
 * code (which only hydrates it) starts downloading once the page and its banner image have
 * painted: on a slow link the styles and the image get the bandwidth first. The files the
 * page will need (its chunk and texts, listed by the prerender in `data-preload`) are fetched
 * alongside the app, not after it. Any other page starts the app at once.
 */
import { keepEarlyInput, replayEarlyInput } from './lib/early-input/early-input.ts';

const root = document.getElementById('root');

function afterPaint(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

if (root?.dataset.prerendered) {
  // Its buttons look ready now: what the reader does before the app runs is kept for it.
  keepEarlyInput(root);
  await afterPaint();
  for (const href of root.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
}
const { appStarted } = await import('./main.tsx');
await appStarted;
replayEarlyInput();
