// How long password attempts wait after failures (ADR 0004, ADR 0024). Every
// attempt on a Profile ID or staff username is counted twice: for the
// client network it comes from, and for all networks together.
//
// From one network, a member who mistypes a few times is not slowed at all;
// a guesser waits 2 s, 4 s, 8 s ... up to 5 minutes between tries, and a
// stranger's guesses slow down only the stranger's own network. All networks
// together get twenty times the free attempts, then 1 minute doubling to an
// hour: a guesser spread over many networks gets about 24 tries a day.

export interface BackoffSchedule {
  /** Failures with no wait after them. */
  free: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  baseSeconds: number;
  maxSeconds: number;
}

export const PER_NETWORK: BackoffSchedule = { free: 5, baseSeconds: 2, maxSeconds: 300 };
export const ALL_NETWORKS: BackoffSchedule = { free: 100, baseSeconds: 60, maxSeconds: 3600 };

/** Wrong passwords from one network that are answered without a wait. */
export const FREE_ATTEMPTS = PER_NETWORK.free;
