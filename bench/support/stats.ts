/**
 * Percentiles for benchmarks that time things the harness's `measure` cannot (a sale whose end is
 * seen by a server, a drain of thousands of rows), turned into the harness's Sample.
 */
import type { Sample } from '../harness';

export interface Spread {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function spread(times: readonly number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0, mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length) };
}

export function sampleOf(name: string, times: readonly number[]): Sample {
  const s = spread(times);
  return { name, iterations: times.length, medianMs: s.p50, p95Ms: s.p95, meanMs: s.mean };
}

/** A fixed figure (one network round trip, a target) as a baseline the ratio is taken against. */
export function constantSample(name: string, ms: number): Sample {
  return { name, iterations: 1, medianMs: ms, p95Ms: ms, meanMs: ms };
}

export const ms = (v: number): string => (v >= 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(2)} ms`);

export const sleep = (delay: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, delay));

let collect: (() => void) | undefined;

/** heapUsed after a full garbage collection (what is really retained), in bytes. */
export async function retainedHeap(): Promise<number> {
  if (!collect) {
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
  return process.memoryUsage().heapUsed;
}
