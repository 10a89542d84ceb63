import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyBuiltins } from '../../../scripts/lazy-builtins.mjs';
import { bundleWith, runWatchingLoads } from '../../support/bundle-probe';
import { tempDir } from '../../support/tmp';

/**
 * The stand-ins the code-cached bundles get for Node modules a start may not need
 * (scripts/lazy-builtins.mjs): nothing is loaded until used, and then the real module answers,
 * a module that is itself a function (assert) included.
 */
const bundled = (dir: string, source: string, kind: 'cjs' | 'mjs' = 'cjs'): Promise<string> => bundleWith(dir, source, lazyBuiltins, kind);
const run = (dir: string, bundle: string): Promise<string[]> => runWatchingLoads(dir, bundle, /assert|promises/);

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
