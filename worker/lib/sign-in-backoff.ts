// Back-off after failed sign-ins for one Profile ID (design brief section 3).
// A member who mistypes a few times is not slowed at all; a guesser waits
// 2 s, 4 s, 8 s ... up to 5 minutes between tries. It never locks the real
// member out for good, and the per-address rate limit caps the total.

export const FREE_ATTEMPTS = 5;
const BASE_DELAY_SECONDS = 2;
const MAX_DELAY_SECONDS = 300;

/** Seconds to wait after `failures` failed attempts before the next is tried. */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_SECONDS, BASE_DELAY_SECONDS * 2 ** (failures - FREE_ATTEMPTS));
}

/** Seconds still to wait now, 0 when a new attempt may be tried. */
export function retryAfterSeconds(failures: number, lastFailedAt: string, now: Date): number {
  const until = Date.parse(lastFailedAt) + backoffSeconds(failures) * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}
