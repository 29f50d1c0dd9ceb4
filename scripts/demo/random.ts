// Seeded randomness for the demo data. Every member draws from its own
// stream, named by (seed, pid, purpose), so that one member's data never shifts
// when the member count, another member or a reference list changes, and the
// logins can be computed without a database.

/** mulberry32: tiny, fast and good enough for demo data (not for secrets). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Folds numbers into one 32-bit seed with murmur3's finaliser, so nearby inputs land far apart. */
export function mixSeed(...parts: readonly number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    hash = Math.imul(hash ^ (part >>> 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

/** A `--seed` value: a plain number is used as is, any other text is hashed (FNV-1a). */
export function parseSeed(text: string): number {
  if (/^\d+$/.test(text)) return Number(text) >>> 0;
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

/** What a stream is for; part of the stream's seed, so the purposes never share numbers. */
export const STREAMS = {
  profile: 1,
  password: 2,
  salt: 3,
  photo: 4,
  interests: 5,
  photoPool: 6,
  sharedPassword: 7,
  views: 8,
  gender: 9,
  usage: 10,
  showcase: 11,
  staff: 12,
  publicLists: 13,
} as const;
export type StreamName = keyof typeof STREAMS;

export interface WeightedChoice<T> {
  value: T;
  weight: number;
}

export class Rng {
  readonly #next: () => number;

  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }

  static stream(seed: number, key: number, purpose: StreamName): Rng {
    return new Rng(mixSeed(seed, key, STREAMS[purpose]));
  }

  /** A float in [0, 1). */
  float(): number {
    return this.#next();
  }

  /** An integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.#next() * max);
  }

  /** An integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)] as T;
  }

  weighted<T>(choices: readonly WeightedChoice<T>[]): T {
    const total = choices.reduce((sum, choice) => sum + choice.weight, 0);
    let roll = this.#next() * total;
    for (const choice of choices) {
      roll -= choice.weight;
      if (roll < 0) return choice.value;
    }
    const last = choices.at(-1);
    if (!last) throw new Error("weighted pick from an empty list");
    return last.value;
  }

  /** Roughly normal (sum of three uniforms): heights and the like cluster around the mean. */
  around(mean: number, spread: number): number {
    const unit = (this.#next() + this.#next() + this.#next()) / 3;
    return mean + (unit - 0.5) * 2 * spread;
  }

  bytes(length: number): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = this.int(256);
    return bytes;
  }

  hex(length: number): string {
    let text = "";
    for (let i = 0; i < length; i++) text += this.int(16).toString(16);
    return text;
  }
}
