// Preloaded with `node --import` ahead of a headless start, the CommonJS twin of hold-import.mjs:
// the app runs as a CommonJS bundle (main/headless/main.ts), whose modules load through require.
// Tells the test when a module is first asked for, and can hold its loading until the test lets
// it go. HOLD_MATCH: what the request contains, or what the asking file's path
// contains (headless-app: the app's bundle asks for its first module, the entry's first line has
// run). HOLD_DIR: the folder of the marker files, `held` written when the module is asked for,
// `release` written by the test to let it load. HOLD_MODE=mark only writes `held` and holds nothing.
// A hold blocks the main thread, as a slow disk would: a signal that comes meanwhile waits.
import Module from 'node:module';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const { HOLD_DIR: dir, HOLD_MATCH: match = 'headless-app', HOLD_MODE: mode = 'hold' } = process.env;
const nap = new Int32Array(new SharedArrayBuffer(4));
const load = Module._load;
let done = false;
Module._load = function (request, parent, ...rest) {
  if (!done && dir && (String(request).includes(match) || String(parent?.filename ?? '').includes(match))) {
    done = true;
    writeFileSync(join(dir, 'held'), '');
    while (mode === 'hold' && !existsSync(join(dir, 'release'))) Atomics.wait(nap, 0, 0, 5);
  }
  return load.call(this, request, parent, ...rest);
};
