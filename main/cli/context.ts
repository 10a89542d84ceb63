import { existsSync } from 'node:fs';
import { createCore, type Core } from '../core';
import { resolveDataDir } from '../platform/data-dir';
import { createNodePlatform } from '../platform/platform';
import { APP_VERSION } from '../version';
import { CliError } from './output';

export interface GlobalOptions {
  dataDir?: string;
  create?: boolean;
}

export interface CliContext {
  /** The data directory from --data-dir, POS_DATA_DIR or the default. */
  dataDir(): string;
  /** Opens this terminal's core (without starting background work), runs fn, closes it. */
  withCore<T>(fn: (core: Core) => Promise<T> | T): Promise<T>;
}

/**
 * A data directory named on purpose (--data-dir, POS_DATA_DIR) must exist: a typo would otherwise
 * create a new, empty terminal and report success on it. --create makes a new one. The default
 * location is made on first use, as the app does.
 */
export function checkDataDir(dir: string, options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): void {
  const named = options.dataDir !== undefined ? '--data-dir' : env.POS_DATA_DIR ? 'POS_DATA_DIR' : undefined;
  if (named && !options.create && !existsSync(dir)) {
    throw new CliError(`the data directory ${dir} (from ${named}) does not exist; check the path, or add --create to make a new terminal there`);
  }
}

export function createCliContext(globals: () => GlobalOptions): CliContext {
  const dataDir = (): string => resolveDataDir(globals().dataDir);
  return {
    dataDir,
    async withCore(fn) {
      checkDataDir(dataDir(), globals());
      const platform = createNodePlatform({ host: 'cli', dataDir: dataDir(), version: APP_VERSION });
      const core = await createCore({ watchIntervalMs: 0 }, platform);
      try {
        return await fn(core);
      } finally {
        await core.close();
      }
    },
  };
}
