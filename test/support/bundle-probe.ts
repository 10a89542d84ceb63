import { build, type Plugin } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, runNode } from './processes';

/**
 * For the esbuild plugins of the code-cached bundles (scripts/lazy-*.mjs): a test source bundled
 * with one of them, then run with a hook that tells what it has required so far.
 */

/** Bundles `source` (CommonJS, or an ES module) in `dir` with `plugin`, resolving packages from the project's node_modules. */
export async function bundleWith(dir: string, source: string, plugin: Plugin, kind: 'cjs' | 'mjs' = 'cjs'): Promise<string> {
  const entry = join(dir, `entry.${kind}`);
  writeFileSync(entry, source);
  const out = join(dir, 'bundle.cjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: out, nodePaths: [join(ROOT, 'node_modules')], plugins: [plugin], logLevel: 'silent' });
  return out;
}

/**
 * Runs a bundle with a hook that records the modules it requires: `globalThis.loadedSoFar()` in
 * the bundle gives those matching `watched`, joined by commas, or 'none'. Resolves with the lines
 * the bundle printed.
 */
export async function runWatchingLoads(dir: string, bundle: string, watched: RegExp): Promise<string[]> {
  const hook = join(dir, 'hook.cjs');
  writeFileSync(
    hook,
    `const M = require('node:module'); const seen = []; const load = M._load;\nM._load = function (r, ...rest) { seen.push(r); return load.call(this, r, ...rest); };\nconst watched = new RegExp(${JSON.stringify(watched.source)});\nglobalThis.loadedSoFar = () => seen.filter((r) => watched.test(r)).join(',') || 'none';\n`,
  );
  const result = await runNode(['--require', hook, bundle]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim().split('\n');
}
