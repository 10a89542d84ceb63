#!/usr/bin/env node
// posctl runs from the build (dist/posctl.js); npm install builds it through the "prepare" script.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/posctl.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('posctl: the terminal is not built yet; run `npm run build` in its folder first.');
  process.exit(2);
}
await import(entry.href);
