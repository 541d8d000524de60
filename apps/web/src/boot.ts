/**
 * The page's one script tag. A prerendered page is complete without scripts, so the app's
 * code (which only hydrates it) starts downloading once the page and its banner image have
 * painted: on a slow link the styles and the image get the bandwidth first. The files the
 * page will need (its chunk and texts, listed by the prerender in `data-preload`) are fetched
 * alongside the app, not after it. Any other page starts the app at once.
 */
const root = document.getElementById('root');

function afterPaint(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

if (root?.dataset.prerendered) {
  await afterPaint();
  for (const href of root.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
}
await import('./main.tsx');

export {};
