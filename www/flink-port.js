// A straightforward plain-JavaScript port of Flink's key routing, independent of the Rust
// code: Java's String.hashCode (UTF-16 code units), Integer/Long.hashCode, MathUtils.murmurHash,
// key group = murmur % maxParallelism, operator index, and the web UI's data-skew %.
// Used by the Playwright specs as an independent oracle, and by the benchmarks as the JS baseline.

/** Java String.hashCode over UTF-16 code units. */
export function stringHash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** Java Long.hashCode for a BigInt in the long range. */
export function longHash(value) {
  const v = BigInt.asUintN(64, BigInt(value));
  return Number(BigInt.asIntN(32, v ^ (v >> 32n)));
}

function rotl(x, r) {
  return (x << r) | (x >>> (32 - r));
}

/** Flink's MathUtils.murmurHash(int): never negative. */
export function murmurHash(code) {
  let h = Math.imul(code, 0xcc9e2d51);
  h = rotl(h, 15);
  h = Math.imul(h, 0x1b873593);
  h = rotl(h, 13);
  h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  h ^= 4;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  if (h >= 0) return h;
  return h === -2147483648 ? 0 : -h;
}

export const keyGroup = (javaHash, maxParallelism) => murmurHash(javaHash) % maxParallelism;
export const operatorIndex = (group, parallelism, maxParallelism) => Math.floor((group * parallelism) / maxParallelism);

/** Flink web UI data skew: min(100, 100 · mean|v − mean| / mean), rounded half up. */
export function dataSkewPercent(values) {
  if (values.length === 0) return 0;
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum === 0) return 0;
  const avg = sum / values.length;
  const dev = values.reduce((a, v) => a + Math.abs(avg - v), 0) / values.length;
  return Math.round(Math.min((dev / avg) * 100, 100));
}
