/**
 * `npm run start:headless`: the terminal without Electron. Prints the address to open in a
 * browser on this machine; stops cleanly on Ctrl+C or SIGTERM.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../platform/data-dir';
import { APP_VERSION } from '../version';
import { modeWords, problemLine } from '../status/words';
import { startHeadless, type HeadlessApp } from './start-headless';

function fail(message: string): never {
  console.error(`start:headless: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log('Usage: npm run start:headless -- [--data-dir DIR] [--port N]\n\nServes the terminal on 127.0.0.1; open the printed address in a browser.');
    return;
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a number from 0 to 65535, not "${values.port}"`);
  }
  const staticDir = join(import.meta.dirname, 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) fail(`the renderer is not built (${staticDir}); run npm run build`);

  const dataDir = resolveDataDir(values['data-dir']);
  // Signals are caught from the first moment: a stop asked for while the terminal is still
  // starting waits for the start to finish, then closes everything and exits 0.
  let running: HeadlessApp | undefined;
  let stopRequested = false;
  let stopping = false;
  const stop = (): void => {
    stopRequested = true;
    if (!running || stopping) return;
    stopping = true;
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`start:headless: stopped with an error: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    running = await startHeadless({ dataDir, staticDir, ...(port !== undefined ? { port } : {}) });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') {
      fail(`port ${port ?? 'from headless.port'} is already in use (is this terminal already running?); start with --port N or --port 0`);
    }
    fail(err.message);
  }
  if (stopRequested) return stop();

  console.log(`Counter POS ${APP_VERSION}, headless, ${modeWords(running.core.mode())}`);
  console.log(`Data directory: ${dataDir}`);
  for (const problem of running.core.status.current().problems) console.log(problemLine(problem));
  console.log('Open this address in a browser on this machine:');
  console.log(`  ${running.server.url}`);
  console.log('Press Ctrl+C to stop.');
}

void main();
