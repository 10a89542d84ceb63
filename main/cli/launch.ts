/**
 * posctl's start (dist/posctl.cjs, loaded by bin/posctl.js; CommonJS, as Node starts it sooner than
 * an ES module): runs the command line's CommonJS bundle through V8's code cache
 * (platform/code-cache.ts), kept next to the bundle and named by the bundle's content hash, which the build
 * writes into this file, and by the command (each cache holds what its command ran). The first
 * successful run of a command after a build compiles and leaves its cache; later runs skip most
 * of the compiling (about a quarter of a `posctl status`). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheDisabled, runCommonJs } from '../platform/code-cache';
import { commandWord } from './command-word';

declare const __POSCTL_BUNDLE__: string;
declare const __POSCTL_BUNDLE_HASH__: string;

const bundle = fileURLToPath(new URL(`./${__POSCTL_BUNDLE__}`, import.meta.url));
const command = commandWord(process.argv.slice(2)) ?? 'posctl';
const cacheFile = codeCacheDisabled(process.env) ? undefined : join(dirname(bundle), `posctl-${__POSCTL_BUNDLE_HASH__}-${command}.cache`);
const run = runCommonJs(bundle, { cacheFile, ascii: true });
// At exit, so the cache holds every function the command ran (createCachedData takes what is
// compiled by then); only after a run that succeeded, or a first run that stopped at a usage error
// would leave a cache without the command's own code, never made again.
process.once('exit', (code) => {
  if (code === 0) run.save();
});
