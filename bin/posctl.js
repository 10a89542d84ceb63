#!/usr/bin/env node
// posctl runs from the build (dist/posctl.cjs); npm install builds it through the "prepare" script.
// CommonJS (bin/package.json), as the start it loads is: Node starts an ES module entry through
// its module loader, some 10 ms of a `posctl status` (issue 23).
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const entry = join(__dirname, '..', 'dist', 'posctl.cjs');
if (!existsSync(entry)) {
  console.error('posctl: the terminal is not built yet; run `npm run build` in its folder first.');
  process.exit(2);
}
require(entry);
