/** Where the server reads the time: the wall clock in production, a clock a test moves (tests/support/clock.ts). */
export type Clock = () => Date;

/** The wall clock. */
export const systemClock: Clock = () => new Date();
