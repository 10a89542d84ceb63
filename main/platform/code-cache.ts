/**
 * Runs a CommonJS bundle through V8's code cache, so a start does not compile its megabytes of
 * JavaScript again every time (issue 23: posctl status is a whole process, and the headless start
 * spent a third of its time compiling before): posctl's start (cli/launch.ts) and the headless
 * start (headless/main.ts). Node 20 has no compile cache of its own for modules (Node 22's
 * module.enableCompileCache is the same idea), so the bundle is compiled as a vm.Script, which
 * takes and makes V8's cached data.
 *
 * V8 checks a cache against its own version and flags and the source's length, not its text: the
 * cache file's name must therefore say which bundle it belongs to (the caller names it by a hash
 * of the bundle's content), or a rebuilt bundle of the same length would run the old code.
 */
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** What the cache did for a run: V8 took it, there was none yet, V8 refused it (another Node, a damaged file), or none is kept. */
export type CodeCacheUse = 'used' | 'absent' | 'rejected' | 'off';

export interface CommonJsRun {
  readonly cache: CodeCacheUse;
  /** What the file left in module.exports. */
  readonly exports: unknown;
  /**
   * Writes the code compiled so far (the bundle's top level and every function the run called),
   * when the run had no cache V8 took. Never throws: a folder it may not write (an installed app)
   * only means the next start compiles again.
   */
  save(): void;
}

/** Node's own switch for its compile cache turns this one off too. */
export const codeCacheDisabled = (env: NodeJS.ProcessEnv): boolean => Boolean(env.NODE_DISABLE_COMPILE_CACHE);

/** Reads a whole open file into the start of `into`; the bytes read. */
function readWhole(fd: number, into: Buffer, size: number): number {
  let at = 0;
  while (at < size) {
    const n = readSync(fd, into, at, size - at, at);
    if (n === 0) break;
    at += n;
  }
  return at;
}

function openOrUndefined(file: string | undefined): number | undefined {
  if (file === undefined) return undefined;
  try {
    return openSync(file, 'r');
  } catch {
    return undefined;
  }
}

/**
 * The source as a string and the cache's bytes, read through one buffer: the source first (its
 * string is a copy), then the cache over it. On the machines the benches run on, every page a
 * start touches for the first time costs some 12 µs, and a buffer of its own for the cache was
 * 200 of them (issue 23).
 */
function readSourceAndCache(file: string, cacheFile: string | undefined, encoding: 'latin1' | 'utf8'): { text: string; cached: Buffer | undefined } {
  const sourceFd = openSync(file, 'r');
  const cacheFd = openOrUndefined(cacheFile);
  try {
    const sourceSize = fstatSync(sourceFd).size;
    let cacheSize = 0;
    if (cacheFd !== undefined) {
      try {
        cacheSize = fstatSync(cacheFd).size;
      } catch {
        cacheSize = 0;
      }
    }
    const buffer = Buffer.allocUnsafeSlow(Math.max(sourceSize, cacheSize));
    const text = buffer.toString(encoding, 0, readWhole(sourceFd, buffer, sourceSize));
    let cached: Buffer | undefined;
    if (cacheFd !== undefined && cacheSize > 0) {
      try {
        cached = buffer.subarray(0, readWhole(cacheFd, buffer, cacheSize));
      } catch {
        cached = undefined;
      }
    }
    return { text, cached };
  } finally {
    closeSync(sourceFd);
    if (cacheFd !== undefined) closeSync(cacheFd);
  }
}

/**
 * Node's own CommonJS wrapper, so the bundle sees what a required file sees. The build writes its
 * bundles inside it already (scripts/build.mjs): wrapping a megabyte of source here made V8 flatten
 * a second copy of it before compiling, some 300 first-touched pages of every start (issue 23).
 */
export const COMMONJS_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const COMMONJS_TAIL = '\n})';

/** The file's source as a function expression: as it is when the build wrapped it, else wrapped now. */
const wrapped = (text: string): string => (text.startsWith(COMMONJS_HEAD) ? text : `${COMMONJS_HEAD}${text}${COMMONJS_TAIL}`);

export interface CommonJsOptions {
  /** Where V8's cached data for this file is kept; undefined: none. */
  cacheFile: string | undefined;
  /** The file is ASCII only (the build checks the bundles it makes): read as latin1, half the time of decoding UTF-8. */
  ascii?: boolean;
}

/** Loads and runs `file` as a CommonJS module (its require resolves from its own folder), through V8's code cache. */
export function runCommonJs(file: string, { cacheFile, ascii = false }: CommonJsOptions): CommonJsRun {
  const { text, cached } = readSourceAndCache(file, cacheFile, ascii ? 'latin1' : 'utf8');
  const script = new Script(wrapped(text), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  const cache: CodeCacheUse = cacheFile === undefined ? 'off' : !cached ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  const body = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return {
    cache,
    exports: module.exports,
    save() {
      if (cacheFile === undefined || cache === 'used') return;
      // Written aside and renamed: another process starting now reads the old file or the new one, never half of one.
      const aside = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(aside, script.createCachedData());
        renameSync(aside, cacheFile);
      } catch {
        try {
          rmSync(aside, { force: true });
        } catch {
          // Nothing was written.
        }
      }
    },
  };
}
