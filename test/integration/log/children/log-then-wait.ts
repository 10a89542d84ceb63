/**
 * A terminal that logs and is then killed (test/integration/log/crash-log.test.ts). Argument: a
 * data directory whose settings the parent prepared. It opens the core as the app does (the log
 * file under <data dir>/logs, rotation from the settings), logs COUNT numbered lines through the
 * core's logger, prints LOGGED and waits to be killed: nothing may be left to flush.
 */
import { writeSync } from 'node:fs';
import { createCore } from '../../../../main/core';
import { createNodePlatform } from '../../../../main/platform/platform';

const dataDir = process.argv[2] ?? '';
const count = Number(process.argv[3] ?? '0');
const core = await createCore({ watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
const pad = 'x'.repeat(60);
for (let i = 1; i <= count; i++) core.log.info({ line: i, pad }, `crash-line ${i}`);
writeSync(1, 'LOGGED\n');
setInterval(() => undefined, 60_000);
