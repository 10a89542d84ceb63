import { createCore, type Core } from '../core';
import { createNodePlatform } from '../platform/platform';
import { resolveDataDir } from '../platform/data-dir';
import { APP_VERSION } from '../version';

export interface CliContext {
  /** The data directory from --data-dir, POS_DATA_DIR or the default. */
  dataDir(): string;
  /** Opens this terminal's core (without starting background work), runs fn, closes it. */
  withCore<T>(fn: (core: Core) => Promise<T> | T): Promise<T>;
}

export function createCliContext(globalDataDir: () => string | undefined): CliContext {
  const dataDir = (): string => resolveDataDir(globalDataDir());
  return {
    dataDir,
    async withCore(fn) {
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
