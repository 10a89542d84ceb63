/**
 * `npm run bench [name…]`: runs every benchmark (or those whose file name contains a given word)
 * and prints each figure as a ratio to its baseline from the same run.
 */
import { readdirSync } from 'node:fs';
import { report, type Comparison } from './harness';

const filters = process.argv.slice(2);
const dir = new URL('./benches/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();

console.log(`Node ${process.version}, ${files.length} benchmark file(s)`);
const all: Comparison[] = [];
const failed: string[] = [];
for (const file of files) {
  // One benchmark that fails is reported and the others still run: the run never ends half-printed.
  try {
    const mod = (await import(new URL(file, dir).href)) as { run(): Promise<Comparison[]> };
    const results = await mod.run();
    report(results);
    all.push(...results);
  } catch (e) {
    failed.push(file);
    console.log(`\n${file}: FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}
console.log(`\n${all.length} figure(s). Ratios compare with baselines measured in this run; they do not gate the build.`);
if (failed.length > 0) {
  console.log(`${failed.length} benchmark file(s) failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
