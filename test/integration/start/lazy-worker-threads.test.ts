import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyWorkerThreads } from '../../../scripts/lazy-worker-threads.mjs';
import { bundleWith, runWatchingLoads } from '../../support/bundle-probe';
import { ROOT } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/**
 * pino in the code-cached bundles (scripts/lazy-worker-threads.mjs): worker_threads is loaded
 * when pino first needs it, not when pino is loaded, and then pino works as it does unbundled.
 */
const fromPino = createRequire(join(ROOT, 'node_modules', 'pino', 'package.json'));

const bundled = (dir: string, source: string): Promise<string> => bundleWith(dir, source, lazyWorkerThreads);
const run = (dir: string, bundle: string): Promise<string[]> => runWatchingLoads(dir, bundle, /^(node:)?worker_threads$/);

describe('pino without worker_threads at load in the code-cached bundles', () => {
  it('logs to a given stream without loading worker_threads', async () => {
    const dir = tempDir();
    const bundle = await bundled(
      dir,
      `const pino = require('pino');\nconst lines = [];\nconst log = pino({ base: null, timestamp: false }, { write: (line) => lines.push(line) });\nlog.info('kept');\nconsole.log(lines.join('').trim());\nconsole.log(globalThis.loadedSoFar());\n`,
    );
    expect(await run(dir, bundle)).toEqual(['{"level":30,"msg":"kept"}', 'none']);
  });

  it('loads it where pino opens its own asynchronous file (its exit flush is for the main thread only), and the line is written', async () => {
    const dir = tempDir();
    const file = join(dir, 'own.log');
    const bundle = await bundled(
      dir,
      `const pino = require('pino');\nconsole.log(globalThis.loadedSoFar());\nconst log = pino({ base: null, timestamp: false }, pino.destination({ dest: ${JSON.stringify(file)}, sync: false }));\nlog.info('flushed at exit');\nconsole.log(globalThis.loadedSoFar());\n`,
    );
    expect(await run(dir, bundle)).toEqual(['none', 'worker_threads']);
    expect(readFileSync(file, 'utf8')).toBe('{"level":30,"msg":"flushed at exit"}\n');
  });

  it("makes a working transport through thread-stream's stand-in, loading worker_threads then", async () => {
    const dir = tempDir();
    const file = join(dir, 'transport.log');
    // Bundled, pino and thread-stream find their worker files through the paths bundlers give them.
    const overrides = {
      'thread-stream-worker': join(fromPino.resolve('thread-stream'), '..', 'lib', 'worker.js'),
      'pino-worker': fromPino.resolve('pino/lib/worker.js'),
      'pino/file': fromPino.resolve('pino/file'),
    };
    const bundle = await bundled(
      dir,
      `globalThis.__bundlerPathsOverrides = ${JSON.stringify(overrides)};\nconst pino = require('pino');\nconsole.log(globalThis.loadedSoFar());\nconst transport = pino.transport({ target: 'pino/file', options: { destination: ${JSON.stringify(file)} } });\nconsole.log(globalThis.loadedSoFar() + ' ' + (typeof transport.write));\nconst log = pino({ base: null, timestamp: false }, transport);\ntransport.on('ready', () => { log.info('through a worker'); transport.end(); });\n`,
    );
    expect(await run(dir, bundle)).toEqual(['none', 'worker_threads function']);
    expect(readFileSync(file, 'utf8')).toBe('{"level":30,"msg":"through a worker"}\n');
  });
});
