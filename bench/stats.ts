import { performance } from 'node:perf_hooks';

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `fn` `count` times one after another (after `warmup` unmeasured runs); returns ms per call. */
export async function timeSequential(count: number, fn: (i: number) => Promise<unknown>, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  return samples;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Runs `a` and `b` in turns, `count` times each (after `warmup` unmeasured turns): ms per call of each.
 * On a shared machine the load moves during a run; in turns, both sides meet the same load, so their
 * ratio holds where two runs one after the other would not.
 */
export async function timeInTurns(
  count: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
  warmup = 20,
): Promise<[number[], number[]]> {
  for (let i = 0; i < warmup; i++) {
    await a(-1 - i);
    await b(-1 - i);
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < count; i++) {
    let t = performance.now();
    await a(i);
    as.push(performance.now() - t);
    t = performance.now();
    await b(i);
    bs.push(performance.now() - t);
  }
  return [as, bs];
}
