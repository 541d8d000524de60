/** The clock of the rules that depend on now or today; tests pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
