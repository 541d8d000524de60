import type { Db } from '../db/client.ts';

/** The clock of the rules that depend on now or today; tests pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** What a module built on the database and the clock takes; the clock is the system's if omitted. */
export interface DbAndClock {
  db: Db;
  now?: Clock;
}
