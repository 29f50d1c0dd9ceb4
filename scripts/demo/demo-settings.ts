// Sizes and defaults of the demo data set, in one place.

/** The default `--seed`: the same demo logins on every machine. */
export const DEFAULT_SEED = 20_260_607;
export const DEFAULT_MEMBER_COUNT = 300;
/** Enough for each named account to meet ten distinct members of each kind. */
export const MIN_MEMBER_COUNT = 60;
export const MAX_MEMBER_COUNT = 1_000_000;
/**
 * The first members (named accounts included) always get their own photo and
 * their own password salt, and are the ones the named accounts interact with.
 */
export const SHOWCASE_COUNT = 300;
/**
 * Above this many members (benchmarks) everyone past the showcase shares a
 * pool of photos and one password hash: PBKDF2 at 100,000 iterations costs
 * about 50 ms a hash, and a JPEG about as much, so 100,000 of each would take
 * well over an hour.
 */
export const BULK_THRESHOLD = 1000;
export const PHOTO_POOL_SIZE = 50;
/** Where `npm start` serves the app (scripts/start.mjs), for the addresses the seeder prints. */
export const DEMO_ORIGIN = "http://localhost:8787";
