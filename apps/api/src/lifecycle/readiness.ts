/**
 * Where this instance is in its life, for `GET /api/health/ready`: a load balancer sends
 * traffic only to a `ready` instance. `starting` covers the database, migrations and start-up
 * jobs; `draining` begins at SIGTERM, before the server stops accepting connections, so the
 * balancer has taken the instance out of rotation by the time it does.
 */
export type Phase = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly phase: Phase;
  markReady(): void;
  markDraining(): void;
}

export function createReadiness(): Readiness {
  let phase: Phase = 'starting';
  return {
    get phase() {
      return phase;
    },
    markReady() {
      // Draining is final: a late start-up step must not put a stopping instance back.
      if (phase === 'starting') phase = 'ready';
    },
    markDraining() {
      phase = 'draining';
    },
  };
}
