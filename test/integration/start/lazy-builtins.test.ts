import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyBuiltins } from '../../../scripts/lazy-builtins.mjs';
import { runNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/**
 * The stand-ins the code-cached bundles get for Node modules a start may not need
 * (scripts/lazy-builtins.mjs): nothing is loaded until used, and then the real module answers,
 * a module that is itself a function (assert) included.
 */
async function bundled(dir: string, source: string, kind: 'cjs' | 'mjs' = 'cjs'): Promise<string> {
  const entry = join(dir, `entry.${kind}`);
  writeFileSync(entry, source);
  const out = join(dir, 'bundle.cjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: out, plugins: [lazyBuiltins], logLevel: 'silent' });
  return out;
}

/** Runs a bundle with a hook that records the modules required (globalThis.loadedSoFar); resolves with the lines it printed. */
async function run(dir: string, bundle: string): Promise<string[]> {
  const hook = join(dir, 'hook.cjs');
  writeFileSync(hook, `const M = require('node:module'); const seen = []; const load = M._load;\nM._load = function (r, ...rest) { seen.push(r); return load.call(this, r, ...rest); };\nglobalThis.loadedSoFar = () => seen.filter((r) => /assert|promises/.test(r)).join(',') || 'none';\n`);
  const result = await runNode(['--require', hook, bundle]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim().split('\n');
}

describe('lazy Node modules in the code-cached bundles', () => {
  it('loads assert only when it is called, and it then asserts as Node does', async () => {
    const dir = tempDir();
    const bundle = await bundled(
      dir,
      `const assert = require('assert');\nconsole.log('before: ' + globalThis.loadedSoFar());\nassert(true);\nconsole.log('after: ' + globalThis.loadedSoFar());\ntry { assert(false, 'boom'); } catch (e) { console.log(e.code + ' ' + e.message); }\ntry { assert.strictEqual(1, 2); } catch (e) { console.log(e.code); }\nconsole.log(typeof assert.AssertionError);\n`,
    );
    expect(await run(dir, bundle)).toEqual(['before: none', 'after: assert', 'ERR_ASSERTION boom', 'ERR_ASSERTION', 'function']);
  });

  // As the sources use it: a named import, which the bundle reads at the call.
  it('loads fs/promises only when one of its functions is called', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'data.txt'), 'kept');
    const bundle = await bundled(
      dir,
      `import { readFile } from 'node:fs/promises';\nconsole.log('before: ' + globalThis.loadedSoFar());\nreadFile(__dirname + '/data.txt', 'utf8').then((text) => { console.log(text); console.log('after: ' + globalThis.loadedSoFar()); });\n`,
      'mjs',
    );
    expect(await run(dir, bundle)).toEqual(['before: none', 'kept', 'after: node:fs/promises']);
  });
});
