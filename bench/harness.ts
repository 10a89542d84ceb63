/**
 * Benchmark harness: every figure is printed as a ratio to a baseline measured in the same run,
 * on the same machine, so results compare across machines. Benchmarks never fail the build.
 */
import { performance } from 'node:perf_hooks';

export interface Sample {
  name: string;
  iterations: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
}

export interface MeasureOptions {
  iterations?: number;
  warmup?: number;
}

function stats(name: string, times: number[]): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    name,
    iterations: times.length,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    meanMs: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
  };
}

/** Times `fn` per call, after a warm-up; async functions are awaited one at a time. */
export async function measure(name: string, fn: () => unknown, options: MeasureOptions = {}): Promise<Sample> {
  const iterations = options.iterations ?? 1000;
  for (let i = 0; i < (options.warmup ?? Math.ceil(iterations / 10)); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return stats(name, times);
}

export interface Comparison {
  benchmark: string;
  subject: Sample;
  baseline: Sample;
  /** subject median / baseline median */
  ratio: number;
  /** What the target is, in words, e.g. "≤ 1.3×" or "< 16 ms"; informative only. */
  target?: string;
  /** Absolute figures a target is stated in (e.g. ms per search). */
  note?: string;
}

export function compare(benchmark: string, subject: Sample, baseline: Sample, extra: { target?: string; note?: string } = {}): Comparison {
  return { benchmark, subject, baseline, ratio: subject.medianMs / Math.max(baseline.medianMs, 1e-9), ...extra };
}

const fmt = (ms: number): string => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);

export function report(results: Comparison[]): void {
  for (const r of results) {
    console.log(`\n${r.benchmark}`);
    console.log(`  ${r.subject.name.padEnd(48)} median ${fmt(r.subject.medianMs).padStart(10)}  p95 ${fmt(r.subject.p95Ms).padStart(10)}`);
    console.log(`  ${('baseline: ' + r.baseline.name).padEnd(48)} median ${fmt(r.baseline.medianMs).padStart(10)}  p95 ${fmt(r.baseline.p95Ms).padStart(10)}`);
    console.log(`  ratio ${r.ratio.toFixed(2)}×${r.target ? `   target ${r.target}` : ''}${r.note ? `   ${r.note}` : ''}`);
  }
}
