// Seeded pseudo-random numbers (the engine never calls Math.random): mulberry32, 32-bit state, fast and good
// enough for search moves.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform in [a, b). */
  range(a: number, b: number): number;
}

export function createRandom(seed: number): Random {
  let state = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    range: (a, b) => a + (b - a) * next(),
  };
}
