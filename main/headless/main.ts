/**
 * `npm run start:headless`: the terminal without Electron. Prints the address to open in a
 * browser on this machine; stops cleanly, exit 0, on Ctrl+C or SIGTERM at any moment.
 *
 * This entry does one thing before the app's modules load (SQLite, the gateway, the server): it
 * catches the stop signals, so one that arrives meanwhile is kept instead of ending the process.
 * Then it runs the app, built as a CommonJS bundle of its own (run.ts, scripts/build.mjs), through
 * V8's code cache, as posctl's start does (cli/launch.ts): compiling the app's megabyte of
 * JavaScript anew was a third of the start (issue 23). The cache is kept next to the bundle, named
 * by its content hash, and written once a start has fully started (the deferred start included),
 * so it holds the code a start runs. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheDisabled, runCommonJs } from '../platform/code-cache';
import type * as HeadlessRun from './run';
import { catchStopSignals } from './stop-signals';

declare const __HEADLESS_BUNDLE__: string;
declare const __HEADLESS_BUNDLE_HASH__: string;

const signals = catchStopSignals();
const bundle = fileURLToPath(new URL(`./${__HEADLESS_BUNDLE__}`, import.meta.url));
const cacheFile = codeCacheDisabled(process.env) ? undefined : join(dirname(bundle), `headless-${__HEADLESS_BUNDLE_HASH__}.cache`);
const app = runCommonJs(bundle, { cacheFile, ascii: true });
const { runHeadless } = app.exports as typeof HeadlessRun;
await runHeadless(signals, { started: () => app.save() });
