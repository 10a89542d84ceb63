/**
 * The headless start once its modules are loaded (main.ts catches the stop signals first): reads
 * the arguments, starts the terminal, prints the address to open in a browser on this machine.
 * A stop (Ctrl+C, SIGTERM) at any moment closes what was opened and exits 0: before the core
 * exists, nothing is opened; while it opens, the start finishes and everything is closed at once.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../platform/data-dir';
import { APP_VERSION } from '../version';
import { modeWords, problemLine } from '../status/words';
import { startHeadless, type HeadlessApp } from './start-headless';
import { afterPendingSignals, type StopSignals } from './stop-signals';

function fail(message: string): never {
  console.error(`start:headless: ${message}`);
  process.exit(2);
}

/** Closes the app (when there is one) and exits 0, or 1 if closing failed. */
function stopAndExit(running: HeadlessApp | undefined): void {
  if (!running) process.exit(0);
  running.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`start:headless: stopped with an error: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

export interface RunOptions {
  /** Called once the start is complete, deferred part included (main.ts then keeps its code cache). */
  started?: () => void;
}

export async function runHeadless(signals: StopSignals, options: RunOptions = {}): Promise<void> {
  // Asked to stop while the modules loaded (one synchronous run, main.ts): nothing was opened yet.
  await afterPendingSignals();
  if (signals.requested()) process.exit(0);
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
  let running: HeadlessApp;
  try {
    // A stop asked for meanwhile waits for the start to finish (the core cannot be left half open).
    running = await startHeadless({ dataDir, staticDir, deferStart: true, ...(port !== undefined ? { port } : {}) });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') {
      fail(`port ${port ?? 'from headless.port'} is already in use (is this terminal already running?); start with --port N or --port 0`);
    }
    fail(err.message);
  }
  signals.onStop(() => stopAndExit(running));
  if (signals.requested()) return;

  console.log(`Counter POS ${APP_VERSION}, headless, ${modeWords(running.core.mode())}`);
  console.log(`Data directory: ${dataDir}`);
  for (const problem of running.core.status.current().problems) console.log(problemLine(problem));
  console.log('Open this address in a browser on this machine:');
  console.log(`  ${running.server.url}`);
  console.log('Press Ctrl+C to stop.');
  // The rest of the start (the gateway service, training's marketplace and merchant simulators)
  // runs once the address is out; a page's first calls wait for it. Should it fail, the terminal
  // stops. The gateway's client is made by its first use.
  running.core.startDeferred().then(
    () => options.started?.(),
    (e: unknown) => {
      console.error(`start:headless: ${e instanceof Error ? e.message : String(e)}`);
      void running.stop().finally(() => process.exit(2));
    },
  );
}
