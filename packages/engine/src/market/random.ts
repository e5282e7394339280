/**
 * A small seeded generator (mulberry32), so a generated market and every demo scenario are the
 * same on every machine. Not for secrets.
 */
export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Standard normal, by Box-Muller. */
  normal(): number;
  /**
   * Student's t with `degrees` (an integer) degrees of freedom, scaled to unit variance: the
   * fat tails of daily market returns.
   */
  studentT(degrees: number): number;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
    normal,
    studentT: (degrees) => {
      let chiSquare = 0;
      for (let i = 0; i < degrees; i++) chiSquare += normal() ** 2;
      return normal() / Math.sqrt(chiSquare / degrees) / Math.sqrt(degrees / (degrees - 2));
    },
  };
}

/**
 * A generator for one part of one day (SPEC 3.10): its draws depend on the seed, the stream and
 * the day only, so a day's values never depend on how far a market was extended. The parts are
 * mixed by a multiply-xorshift hash (the finaliser of MurmurHash3), so neighbouring days and
 * streams start far apart.
 */
export function streamRandom(seed: number, stream: number, day: number): Random {
  let hash = seed >>> 0;
  for (const part of [stream, day]) {
    hash = Math.imul(hash ^ (part >>> 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return seededRandom(hash);
}
