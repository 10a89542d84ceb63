// Preloaded with `node --import` ahead of a headless start: tells the test when a module is first
// asked for, and can hold its loading until the test lets it go. HOLD_MATCH: what the module's
// specifier contains (the app's own entry, dist/headless.js; the app's modules load through
// require, held by hold-require.mjs). HOLD_DIR: the
// folder of the marker files, `held` written when the module is asked for, `release` written by the
// test to let it load. HOLD_MODE=mark only writes `held` and holds nothing.
import { register } from 'node:module';

const { HOLD_DIR: dir, HOLD_MATCH: match = 'better-sqlite3', HOLD_MODE: mode = 'hold' } = process.env;
register('./hold-import-hooks.mjs', import.meta.url, { data: { dir, match, hold: mode === 'hold' } });
