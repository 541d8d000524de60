import { BATCH_IN_FLIGHT, type Db } from './client.ts';

/**
 * Gathers the calls made while the database is busy into one statement. A call goes out at once
 * while fewer than `maxInFlight` statements are running; the calls that arrive meanwhile wait, and
 * the next statement to go takes all of them (at most `maxBatch`). An idle server answers a lone
 * call as fast as before; a busy one sends one statement for many calls, so PostgreSQL and the
 * API each pay one round trip, one parse of the protocol and one commit for the lot.
 *
 * `run` answers one result per input, in the inputs' order. When it fails, every call it carried
 * fails with its error.
 */
export function batched<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  { maxInFlight = 2, maxBatch = 64 }: { maxInFlight?: number; maxBatch?: number } = {},
): (input: In) => Promise<Out> {
  interface Call {
    input: In;
    resolve: (output: Out) => void;
    reject: (error: unknown) => void;
  }
  let inFlight = 0;
  const waiting: Call[] = [];

  const send = (calls: Call[]) => {
    inFlight++;
    run(calls.map((call) => call.input)).then(
      (outputs) => {
        inFlight--;
        calls.forEach((call, i) => call.resolve(outputs[i] as Out));
        flush();
      },
      (error: unknown) => {
        inFlight--;
        for (const call of calls) call.reject(error);
        flush();
      },
    );
  };
  const flush = () => {
    while (waiting.length > 0 && inFlight < maxInFlight) send(waiting.splice(0, maxBatch));
  };
  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      flush();
    });
}

/**
 * `batched` once per database handle, on its batch pool (`db.$batchClient`): each handle keeps
 * at most BATCH_IN_FLIGHT statements of this kind in flight.
 */
export function batchedOnDb<In, Out>(
  run: (db: Db, inputs: In[]) => Promise<Out[]>,
): (db: Db, input: In) => Promise<Out> {
  const perDb = new WeakMap<Db, (input: In) => Promise<Out>>();
  return (db, input) => {
    let load = perDb.get(db);
    if (!load) {
      load = batched((inputs: In[]) => run(db, inputs), { maxInFlight: BATCH_IN_FLIGHT });
      perDb.set(db, load);
    }
    return load(input);
  };
}
