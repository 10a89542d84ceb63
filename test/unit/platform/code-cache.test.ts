import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COMMONJS_HEAD, COMMONJS_TAIL, codeCacheDisabled, runCommonJs } from '../../../main/platform/code-cache';
import { tempDir } from '../../support/tmp';

/** A CommonJS file that uses what a required file has: require, module, __filename, __dirname. */
function bundle(dir: string, answer: string): string {
  // answer: a JavaScript string literal, as written in the file
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `const { basename } = require('node:path');\nfunction answer() { return ${answer}; }\nmodule.exports = { answer: answer(), name: basename(__filename), dir: __dirname, self: this === module.exports };\n`);
  return file;
}

describe('the code cache of the built starts', () => {
  it('runs the file as Node runs a CommonJS file', () => {
    const dir = tempDir();
    const run = runCommonJs(bundle(dir, '"AAAA"'), { cacheFile: undefined });
    expect(run.cache).toBe('off');
    expect(run.exports).toEqual({ answer: 'AAAA', name: 'bundle.cjs', dir, self: true });
  });

  // The build writes its bundles inside the wrapper: wrapped again, the file would only make a function and drop it.
  it('runs a file the build wrapped already as it is, through its cache too', () => {
    const dir = tempDir();
    const plain = readFileSync(bundle(dir, '"AAAA"'), 'latin1');
    const file = join(dir, 'wrapped.cjs');
    writeFileSync(file, `${COMMONJS_HEAD}${plain}${COMMONJS_TAIL}\n//# sourceMappingURL=wrapped.cjs.map\n`);
    const cacheFile = join(dir, 'wrapped.cache');
    const first = runCommonJs(file, { cacheFile, ascii: true });
    expect(first.exports).toEqual({ answer: 'AAAA', name: 'wrapped.cjs', dir, self: true });
    first.save();
    const second = runCommonJs(file, { cacheFile, ascii: true });
    expect(second.cache).toBe('used');
    expect(second.exports).toEqual({ answer: 'AAAA', name: 'wrapped.cjs', dir, self: true });
  });

  it('is made by the first run and taken by the next', () => {
    const dir = tempDir();
    const file = bundle(dir, '"AAAA"');
    const cacheFile = join(dir, 'bundle.cache');
    const first = runCommonJs(file, { cacheFile });
    expect(first.cache).toBe('absent');
    first.save();
    expect(existsSync(cacheFile)).toBe(true);
    const second = runCommonJs(file, { cacheFile });
    expect(second.cache).toBe('used');
    expect(second.exports).toMatchObject({ answer: 'AAAA' });
  });

  it('is refused when damaged, and made again: the command still runs', () => {
    const dir = tempDir();
    const file = bundle(dir, '"AAAA"');
    const cacheFile = join(dir, 'bundle.cache');
    writeFileSync(cacheFile, 'not a code cache');
    const run = runCommonJs(file, { cacheFile });
    expect(run.cache).toBe('rejected');
    expect(run.exports).toMatchObject({ answer: 'AAAA' });
    run.save();
    expect(runCommonJs(file, { cacheFile }).cache).toBe('used');
  });

  it('is not kept where it cannot be written, and that is no failure', () => {
    const dir = tempDir();
    // A file where its folder should be (ENOTDIR, as root too); nothing is left beside it.
    writeFileSync(join(dir, 'not-a-folder'), '');
    const run = runCommonJs(bundle(dir, '"AAAA"'), { cacheFile: join(dir, 'not-a-folder', 'bundle.cache') });
    expect(() => run.save()).not.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['bundle.cjs', 'not-a-folder']);
  });

  it('is not saved into a folder that is gone, and that is no failure', () => {
    const dir = tempDir();
    const run = runCommonJs(bundle(dir, '"AAAA"'), { cacheFile: join(dir, 'gone', 'bundle.cache') });
    expect(() => run.save()).not.toThrow();
  });

  it('must be named by the content it was made from: V8 takes a cache of another source of the same length', () => {
    // Why the build names posctl's cache by the bundle's hash: V8 checks the length, not the text.
    const made = new Script('function f() { return "AAAA"; } f()');
    made.runInThisContext();
    const other = new Script('function f() { return "BBBB"; } f()', { cachedData: made.createCachedData() });
    expect(other.cachedDataRejected).toBe(false);
    expect(other.runInThisContext()).toBe('AAAA');
  });

  // The source and then the cache are read through one buffer (issue 23): the cache of a small file is
  // longer than the file, a file with long comments much longer than its cache.
  it('reads the file and then its cache whole, whichever is the longer', () => {
    const dir = tempDir();
    const file = join(dir, 'long.cjs');
    writeFileSync(file, `// ${'padding '.repeat(20_000)}\nmodule.exports = { answer: 'caf\u00e9 ${'x'.repeat(10)}' };\n`);
    const cacheFile = join(dir, 'long.cache');
    const first = runCommonJs(file, { cacheFile });
    first.save();
    expect(readFileSync(cacheFile).length).toBeLessThan(readFileSync(file).length / 10);
    const second = runCommonJs(file, { cacheFile });
    expect(second.cache).toBe('used');
    expect(second.exports).toEqual({ answer: `caf\u00e9 ${'x'.repeat(10)}` });
    const small = bundle(dir, '"BBBB"');
    const smallCache = join(dir, 'small.cache');
    runCommonJs(small, { cacheFile: smallCache }).save();
    expect(readFileSync(smallCache).length).toBeGreaterThan(readFileSync(small).length);
    expect(runCommonJs(small, { cacheFile: smallCache })).toMatchObject({ cache: 'used', exports: { answer: 'BBBB' } });
  });

  it('reads an ASCII file as latin1 (the build checks that posctl is ASCII)', () => {
    const dir = tempDir();
    const file = bundle(dir, '"caf\\u00e9"');
    expect(readFileSync(file).every((b) => b < 0x80)).toBe(true);
    expect(runCommonJs(file, { cacheFile: undefined, ascii: true }).exports).toMatchObject({ answer: 'café' });
  });

  it("is off with Node's own switch for its compile cache", () => {
    expect(codeCacheDisabled({ NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(true);
    expect(codeCacheDisabled({})).toBe(false);
  });
});
