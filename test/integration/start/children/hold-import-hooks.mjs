// Module hooks (off the main thread) for hold-import.mjs.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

let options = { dir: '', match: '', hold: true };

export function initialize(data) {
  options = data;
}

export async function resolve(specifier, context, next) {
  if (options.dir && specifier.includes(options.match) && !existsSync(join(options.dir, 'held'))) {
    writeFileSync(join(options.dir, 'held'), '');
    // The hook thread looks for the test's file; the main thread runs on meanwhile.
    while (options.hold && !existsSync(join(options.dir, 'release'))) await delay(5);
  }
  return next(specifier, context);
}
