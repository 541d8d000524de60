// SIGTERM to one instance under load through both: a client that retries an idempotent
// request on the other instance (after a refused or reset connection, or a 503) loses nothing.
import { createPatient, expect, PATIENT, signIn } from './checks.mjs';

const WORKERS = 8;
const BEFORE_SIGTERM = 300;
const AFTER_EXIT = 300;

async function send(via, { method, path, body }, headers) {
  try {
    const response = await fetch(`${via.url}${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body && JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'network error';
  }
}

/** Resolves once `count()` reaches `target`; checked after every answered request. */
function counter() {
  let value = 0;
  const waiters = [];
  return {
    get value() {
      return value;
    },
    add() {
      value += 1;
      for (const waiter of waiters.filter((w) => value >= w.target)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    reach: (target) =>
      value >= target
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ target, resolve })),
  };
}

export async function checkDrainUnderLoad({ a, b }) {
  const headers = await signIn(b);
  const patient = await createPatient(b, headers);
  const requests = [
    { method: 'GET', path: `/api/records/patients/${patient._id}` },
    { method: 'GET', path: '/api/records/patients?limit=5' },
    { method: 'PUT', path: `/api/records/patients/${patient._id}`, body: PATIENT },
  ];
  const answered = counter();
  const failures = [];
  const retriedBecause = {};
  let isStopping = false;

  async function worker(offset) {
    for (let i = offset; !isStopping; i += 1) {
      const request = requests[i % requests.length];
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      let status = await send(first, request, headers);
      if (status === 'network error' || status === 503) {
        retriedBecause[status] = (retriedBecause[status] ?? 0) + 1;
        status = await send(second, request, headers);
      }
      if (status !== 200) failures.push(`${request.method} ${request.path}: ${status}`);
      answered.add();
    }
  }
  const workers = Array.from({ length: WORKERS }, (_, offset) => worker(offset));
  try {
    await answered.reach(BEFORE_SIGTERM);
    a.child.kill('SIGTERM');
    // While A drains it still serves, but tells the load balancer it is going.
    let readiness;
    while (a.child.exitCode === null) {
      const response = await fetch(`${a.url}/api/health/ready`).catch(() => null);
      if (response?.status === 503) {
        readiness = await response.json();
        break;
      }
      await response?.arrayBuffer();
    }
    const exitCode = await a.exited;
    await answered.reach(answered.value + AFTER_EXIT);
    isStopping = true;
    await Promise.all(workers);
    expect(
      readiness?.status === 'draining',
      `A's readiness while draining: ${JSON.stringify(readiness)}`,
    );
    expect(exitCode === 0, `A exited with ${exitCode}`);
    expect(
      failures.length === 0,
      `${failures.length} of ${answered.value} requests lost: ${failures.slice(0, 5).join('; ')}`,
    );
    return `${answered.value} requests, none lost; retried on the other instance: ${JSON.stringify(retriedBecause)}`;
  } finally {
    isStopping = true;
    await Promise.all(workers);
  }
}
