import type { Page, Request } from 'playwright-core';

/** Event streams never end: a page that keeps one open is idle when everything else is. */
const isEventStream = (request: Request) =>
  request.headers().accept === 'text/event-stream' ||
  request.url().includes('/api/messages/stream');

/**
 * Playwright's `networkidle` (no request in flight for 500 ms), not counting event streams: a
 * signed-in page keeps the messages' stream open and never reaches `networkidle` itself.
 * Call it before the page starts loading; await the answer after.
 */
export function networkIdleBesidesStreams(page: Page, quietMs = 500): () => Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (isEventStream(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
}
