import { existsSync } from 'node:fs';
import { createCore, type Core } from '../core';
import { runningInstance } from '../store/instance-lock';
import { CHECKOUT, chooseDataDir, dataDirState, machineDataDirProblem, type Installation } from '../platform/data-dir';
import { createNodePlatform, type Platform } from '../platform/platform';
import { APP_VERSION } from '../version';
import { CliError } from './output';

export interface GlobalOptions {
  dataDir?: string;
  create?: boolean;
}

/** What the program running posctl adds: the desktop app's `--posctl` mode loads its own SQLite build. */
export interface CliHost {
  sqliteNativeBinding?: string;
  /** How the desktop app running `--posctl` was installed: a per-machine installation defaults to the machine-wide folder. */
  installation?: Installation;
}

export interface CoreOptions {
  /**
   * Close payments a stopped process left in flight before fn runs (PaymentsService.start without
   * the background forwarder): every command that starts a payment asks for it.
   */
  recoverPayments?: boolean;
}

export interface CliContext {
  /** The data directory from --data-dir, POS_DATA_DIR or the default. */
  dataDir(): string;
  /** Refuses a data directory named on purpose that does not exist (see checkDataDir), for a command that reads files without the core. */
  requireDataDir(): void;
  /** The SQLite build of the program running posctl, for a command that opens a file without the core. */
  readonly sqliteNativeBinding?: string | undefined;
  /** Opens this terminal's core (without starting background work), runs fn, closes it. */
  withCore<T>(fn: (core: Core) => Promise<T> | T, options?: CoreOptions): Promise<T>;
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

export function createCliContext(globals: () => GlobalOptions, host: CliHost = {}): CliContext {
  const choice = () => chooseDataDir({ platform: process.platform, env: process.env, installation: host.installation ?? CHECKOUT, flag: globals().dataDir });
  const dataDir = (): string => choice().dir;
  return {
    dataDir,
    requireDataDir: () => checkDataDir(dataDir(), globals()),
    sqliteNativeBinding: host.sqliteNativeBinding,
    async withCore(fn, options = {}) {
      checkDataDir(dataDir(), globals());
      // The installer makes the machine-wide folder for the lane's group; posctl never makes it private to one account.
      const problem = machineDataDirProblem(choice(), dataDirState(dataDir()), process.platform);
      if (problem) throw new CliError(problem);
      const platform: Platform = {
        ...createNodePlatform({ host: 'cli', dataDir: dataDir(), version: APP_VERSION, machineWide: choice().source === 'machine' }),
        ...(host.sqliteNativeBinding ? { sqliteNativeBinding: host.sqliteNativeBinding } : {}),
      };
      // Beside a running app, the stores are not read through again: it checked them when it started (CoreConfig.integrityCheck).
      const appRunning = runningInstance(platform.dataDir, host.sqliteNativeBinding ? { nativeBinding: host.sqliteNativeBinding } : {}).running;
      const core = await createCore({ watchIntervalMs: 0, integrityCheck: !appRunning }, platform);
      try {
        // The pause of forwarding lives in the journal of the current mode, shared with the running app.
        core.payments.payments.forwarder.usePersistedPause((write) => (write ? core.journals.of(core.mode()) : core.journals.existing(core.mode())));
        if (options.recoverPayments) await core.payments.payments.start();
        return await fn(core);
      } finally {
        await core.close();
      }
    },
  };
}
