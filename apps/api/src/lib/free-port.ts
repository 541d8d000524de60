import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 now (the OS picks it): for the embedded PostgreSQL, and for the
 * servers tests, benchmarks and the end-to-end suite start. Its own module, with nothing but
 * `node:net`, so the e2e suite can import it.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
