import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a fake provider's HTTP server on a free loopback port (tests' servers listen on
 * 127.0.0.1 only): its base URL, and a close that also drops the app's kept-alive
 * connections, so closing never waits for them to time out.
 */
export async function listenOnLoopback(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
