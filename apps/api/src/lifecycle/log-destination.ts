import pino from 'pino';

/**
 * Standard output for the server's log lines, written in batches rather than one `write` per
 * line: under load a synchronous write per request was one system call in three of a patient
 * read (docs/performance.md). Lines wait at most `flushEveryMs` (or until `minLength` bytes are
 * waiting); they are written out at once when the process exits, however it exits, so only a
 * SIGKILL can lose the last fraction of a second. Audit events are rows in the database, never
 * log lines, so none of them is at stake.
 */
export function bufferedStdout({
  flushEveryMs = 200,
  minLength = 4096,
  dest = 1,
}: {
  flushEveryMs?: number;
  minLength?: number;
  /** A file descriptor or path; standard output unless a test says otherwise. */
  dest?: number | string;
} = {}) {
  // The destination's own periodic flush stops before it closes: a timer of ours could flush a
  // destination already destroyed, which throws.
  const destination = pino.destination({
    dest,
    sync: false,
    minLength,
    periodicFlush: flushEveryMs,
  });
  const flushAtExit = () => {
    try {
      destination.flushSync();
    } catch {
      // standard output is gone: nothing left to write to
    }
  };
  process.on('exit', flushAtExit);
  destination.once('close', () => process.off('exit', flushAtExit));
  return destination;
}
