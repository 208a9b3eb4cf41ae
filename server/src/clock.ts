/** Where the server reads the time for rules that tests must control (throttles, expiries, event ids). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
