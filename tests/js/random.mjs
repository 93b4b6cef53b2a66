// A seeded random source for the node unit tests (every random case takes a seed: a failure can be replayed).

/** mulberry32: a small, fast 32-bit generator; the same seed gives the same numbers.
 * @param {number} seed @returns {() => number} a function giving numbers in [0, 1) */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct items of `items`, in a random order.
 * @template T @param {() => number} random @param {readonly T[]} items @param {number} n @returns {T[]} */
export function sample(random, items, n) {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
