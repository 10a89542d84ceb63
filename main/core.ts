import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DestinationStream, LevelWithSilent, Logger } from 'pino';
import type { Mode } from '../preload/contract';
import { warmSchemas } from '../preload/contract/lazy-schema';
import { createDispatcher, type Dispatch, type Handlers } from './api/dispatcher';
import { createSettingsDomain } from './config/domain';
import { gatewaySettingsOf } from './config/gateway-settings';
import { createDevicesDomain } from './devices/domain';
import { joinDomains } from './domain';
import { createGatewayDomain } from './gateway/domain';
import type { GatewayService } from './gateway/service';
import type { DeviceManager } from './devices/device-manager';
import { createRolesDomain, upgradeVerifiers } from './roles/domain';
import type { Cashiers } from './roles/cashiers';
import type { ManagerService } from './roles/manager-service';
import type { StoredVerifiers } from './roles/stored-verifiers';
import { createStatusDomain } from './status/domain';
import type { StatusService } from './status/status-service';
import { deriveMode } from './config/mode';
import { applyProvisioningFromDataDir } from './config/provisioning';
import { applyMachineProvisioning, loadRecordedLocks } from './config/machine-provisioning';
import { machineProvisioningFile } from './config/provisioning-path';
import { SettingsStore } from './config/settings-store';
import { trainingPadPageClosed } from './devices/training-rig';
import { EventBus } from './events/bus';
import { createApiDomains, type ApiDomains } from './marketplace/domain';
import { createApiTraining } from './training/api-training';
import { gatewayTraining } from './training/gateway/provider';
import type { GatewaySimulator } from './training/gateway/server';
import { openLogFile, type LogFile, type LogRotation } from './log/log-file';
import { createLogger } from './log/logger';
import { isGroupShared, makeDirs } from './platform/file-modes';
import type { Platform } from './platform/platform';
import type { Service } from './service';
import { terminalProblems } from './status/problems';
import type { Db, OpenOptions } from './store/database';
import { acquireInstanceLock, type InstanceLock } from './store/instance-lock';
import type { JournalStore } from './payments/journal/journal';
import { openStores, type Journals, type Stores } from './stores';
import { createPaymentsDomain, type PaymentsDomain } from './payments/domain';
import { createReceiptsDomain } from './receipts/domain';
import { createReportsDomain, type ReportsDomain } from './reports/domain';
import type { TerminalKey } from './store/terminal-key';
import { csvSaveHandlers } from './payments/csv-save';
import { trainingGatewayFile } from './training/gateway/sqlite-sim-store';
import { CounterActivity } from './updates/activity';

export interface CoreConfig {
  /** A log file path (default `<data dir>/logs/pos.log`) or a stream. */
  logDestination?: string | DestinationStream;
  /** Overrides the `log.level` setting (posctl keeps the log quiet unless asked). */
  logLevel?: LevelWithSilent;
  /** How often to look for changes another process (posctl) made to this terminal's data. 0: never. */
  watchIntervalMs?: number;
  /** Apply the machine-wide provisioning file and `<data dir>/provision.json` when the core starts (otherwise only obey the recorded locks). */
  applyProvisioning?: boolean;
  /** The machine-wide provisioning file (default: the OS's place, see config/provisioning-path.ts). */
  machineProvisioningFile?: string;
  /** The app and the headless start: hold this data directory alone (one terminal per data directory). posctl does not. */
  exclusive?: boolean;
  /** Forward the offline queue in the background once started (default: when exclusive; posctl forwards when asked). */
  autoForward?: boolean;
  /**
   * Check every page of the stores as they open (default true; see store/open-store.ts). posctl
   * turns it off while the app holds the data directory: the app checked them when it started,
   * and SQLite reports damage on any page a command reads. A check reads the whole file (half a
   * second for a journal of 100 MB), which a status polled every minute would otherwise cost
   * the lane during its sales.
   */
  integrityCheck?: boolean;
}

export interface StartOptions {
  /**
   * Leave to `startDeferred()` what no call needs before the terminal answers: the gateway service
   * (whose client, with training's simulated gateway, is then made by its first use) and the
   * marketplace and merchant simulators. The headless start prints its address in between. A call dispatched meanwhile waits for them, so it is
   * answered as after a full start. The devices start at once: the status the app publishes for
   * posctl shows them open from the moment the address is printed.
   */
  defer?: boolean;
}

export interface Core {
  readonly platform: Platform;
  readonly log: Logger;
  readonly settings: SettingsStore;
  readonly key: TerminalKey;
  readonly bus: EventBus;
  readonly status: StatusService;
  readonly gateway: GatewayService<GatewaySimulator>;
  readonly devices: DeviceManager;
  readonly dispatch: Dispatch;
  readonly db: Db;
  /** The marketplace and merchant interfaces (catalogue cache, leads, merchant lookups). */
  readonly apis: ApiDomains;
  /** Sales, the offline queue and the journal. */
  readonly payments: PaymentsDomain;
  /** The day's report and its close. */
  readonly reports: ReportsDomain;
  /** Roles and the manager PIN (who may call what). */
  readonly manager: ManagerService;
  /** Cashiers and who is signed in on each page (terminal.cashierSignIn). */
  readonly cashiers: Cashiers;
  /** The PIN verifiers as a whole: their upgrade to the keyed form, and their removal by posctl keys reset. */
  readonly verifiers: StoredVerifiers;
  /** The journals of both modes. */
  readonly journals: Journals;
  /** When something was last done at the counter (the desktop app's updates wait for a quiet moment). */
  readonly activity: CounterActivity;
  /** Held by the app and the headless start (CoreConfig.exclusive); it also publishes their status for posctl. */
  readonly instance: InstanceLock | undefined;
  mode(): Mode;
  /** The journal of the current mode: training and live payments live in separate files. */
  journal(): JournalStore;
  /** Recompute the status after an in-process change; emits `status.changed` if it differs. */
  refresh(): void;
  /**
   * A page went away (closed, reloaded, navigated): what it held ends with it: the manager's
   * session, the cashier signed in, and the training customer it was playing on the simulated pad.
   */
  pageClosed(connection: string): void;
  /** Starts background work (watchers and services). posctl commands that only read skip it. */
  start(options?: StartOptions): Promise<void>;
  /** Starts what `start({ defer: true })` left (nothing otherwise); calls dispatched meanwhile run once it is done. */
  startDeferred(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The data directory holds keys, secrets and journals: only its owner may enter it, or, for a
 * machine-wide lane (2770, made by the installer), only the lane's group (platform/file-modes.ts).
 */
function prepareDataDir(dataDir: string, log: Logger): void {
  try {
    makeDirs(dataDir, 0o700);
    const mode = statSync(dataDir).mode;
    if (!isGroupShared(mode)) chmodSync(dataDir, 0o700);
    else if ((mode & 0o007) !== 0) log.warn({ dataDir, mode: (mode & 0o7777).toString(8) }, 'the shared data directory is open to accounts outside its group; it should be 2770');
  } catch (err) {
    // Not ours to tighten (another owner), or a read-only disk: the stores say what that means.
    log.warn({ err, dataDir }, 'could not restrict the data directory to its owner (0700)');
  }
}

/** How often the running app looks for a manager PIN changed by another process (sessions end within a second). */
const PIN_WATCH_MS = 250;

/**
 * Builds every service of the terminal. No Electron here: the same core runs in the Electron app,
 * in the headless start, under posctl and in tests; `platform` carries what differs by host.
 * Leaves are built before their users: log, lock, stores and key, settings, bus, then services,
 * then the status that reads them. A store that cannot be used stops it with a StartupError.
 */
export async function createCore(config: CoreConfig, platform: Platform): Promise<Core> {
  const destination = config.logDestination ?? join(platform.dataDir, 'logs', 'pos.log');
  const logFile: LogFile | undefined = typeof destination === 'string' ? openLogFile(destination) : undefined;
  const log = createLogger({ level: config.logLevel ?? 'info', destination: logFile ?? destination });
  prepareDataDir(platform.dataDir, log);
  const dbOptions: OpenOptions = {
    ...(platform.sqliteNativeBinding ? { nativeBinding: platform.sqliteNativeBinding } : {}),
    ...(config.integrityCheck === false ? { check: false } : {}),
  };

  let instance: InstanceLock | undefined;
  /** A start that cannot go on leaves nothing open or locked, and says why in the log. */
  function giveUp(e: unknown, opened: ReadonlyArray<{ close(): void }> = []): never {
    for (const o of opened) o.close();
    instance?.release();
    log.error({ err: e }, 'the terminal cannot start');
    logFile?.close();
    throw e;
  }
  let stores: Stores;
  try {
    if (config.exclusive) {
      instance = acquireInstanceLock(
        platform.dataDir,
        { host: platform.host, pid: process.pid, version: platform.version, startedAt: platform.now().toISOString() },
        dbOptions,
      );
    }
    stores = openStores(platform, log, dbOptions, { ownsLane: config.exclusive === true });
  } catch (e) {
    giveUp(e);
  }
  const { db, cacheDb, key, journals } = stores;
  const settings = new SettingsStore(db, key, log, () => platform.now());
  let provisioningSecretsLeft: string | undefined;
  if (config.applyProvisioning) {
    try {
      const machine = applyMachineProvisioning(config.machineProvisioningFile ?? machineProvisioningFile(), platform.dataDir, settings, { now: () => platform.now() });
      if (machine) log.info({ file: machine.file, settings: machine.applied, locked: machine.locked, sealed: machine.sealed }, 'machine-wide provisioning file read');
      if (machine?.secretsLeft) {
        provisioningSecretsLeft = machine.secretsLeft;
        log.error({ file: machine.file }, machine.secretsLeft);
      }
      const applied = applyProvisioningFromDataDir(platform.dataDir, settings, () => platform.now());
      if (applied) log.info({ settings: applied }, 'provisioning file applied');
    } catch (e) {
      giveUp(e, [journals, cacheDb, db]);
    }
  } else loadRecordedLocks(platform.dataDir, settings);
  if (!config.logLevel) log.level = settings.get('log.level');
  const logRotation = (): LogRotation => ({ maxBytes: settings.get('log.maxSizeMb') * 1024 * 1024, maxFiles: settings.get('log.maxFiles') });
  logFile?.setRotation(logRotation());
  // Said by the app at its start only: posctl shows it under Problems, and a fleet's monitoring
  // running `posctl status` every minute would put the same warning in the log 1,440 times a day.
  if (config.exclusive) {
    const health = key.health();
    // A key kept by the machine is where it should be: said once, not warned.
    if (health.state === 'machine') log.info({ keyState: health.state }, `terminal key: ${health.detail}`);
    else if (health.state !== 'keyring') log.warn({ keyState: health.state }, `terminal key: ${health.detail}`);
  }

  const mode = (): Mode => deriveMode(settings, key.canUnseal());
  const journal = (): JournalStore => journals.of(mode());

  // The status is built last, from the services; they reach it through this late-bound refresh.
  const statusRef: { current?: StatusService } = {};
  const refresh = (): void => statusRef.current?.refresh();
  const bus = new EventBus((err, event) => log.error({ err, event }, 'an event listener threw; the others still ran'));
  const now = (): Date => platform.now();
  // The payments' forwarder, bound once payments exist (a cleared training fault forwards at once).
  const forwarderRef: { gatewayOnline?: () => void } = {};
  const gatewayDomain = createGatewayDomain({
    settings: gatewaySettingsOf(settings), log, mode, now, refresh,
    canUnseal: () => key.canUnseal(),
    training: gatewayTraining({ log, now, file: { file: trainingGatewayFile(platform.dataDir), dbOptions } }),
    faultCleared: () => forwarderRef.gatewayOnline?.(),
  });
  const { gateway } = gatewayDomain;
  const devicesDomain = createDevicesDomain({ settings, bus, log, mode, now, refresh });
  const { devices } = devicesDomain;
  const apiTraining = createApiTraining({ dataDir: platform.dataDir, settings, log: log.child({ module: 'apis' }) });
  const apis = createApiDomains({ platform, settings, log, bus, sealer: key, cacheDb, training: apiTraining });
  const roles = createRolesDomain({ db, key, settings, bus, log, now });
  const { manager, cashiers, verifiers } = roles;
  const payments = createPaymentsDomain({
    settings, log, bus, journals, gateway, key, devices, mode, now, refresh,
    autoForward: config.autoForward ?? config.exclusive ?? false,
    approve: (ctx, what, pin) => manager.approve(ctx, what, pin),
    cashier: (ctx) => cashiers.forPayment(ctx),
  });
  forwarderRef.gatewayOnline = () => payments.payments.gatewayOnline();
  const receipts = createReceiptsDomain({ settings, log, mode, ledger: payments.ledger, devices, hostPrinter: platform.hostPrinter });
  const reports = createReportsDomain({
    settings, log, mode, now, ledger: payments.ledger, devices, cashiers, hostPrinter: platform.hostPrinter,
    existingJournal: (m) => journals.existing(m),
    journal: (m) => journals.of(m),
    recoverAbandoned: (m) => void payments.payments.recoverAbandoned(m),
    // A kept close is marked with a key only the lane's terminal key gives (closed-days.ts).
    markKey: () => {
      try {
        return key.derive('day-close');
      } catch {
        return undefined;
      }
    },
  });
  const statusDomain = createStatusDomain({
    sources: {
      version: platform.version,
      mode,
      terminalName: () => settings.get('terminal.name'),
      language: () => settings.get('terminal.language'),
      receiptAfterApproval: () => settings.get('receipts.afterApproval'),
      gatewayState: () => gateway.state(),
      gatewayUnencrypted: () => gateway.unencrypted(),
      gatewayOfflineSince: () => gateway.offlineSince(),
      devices: () => devices.statuses(),
      queue: () => {
        const summary = journals.existing('live')?.queueSummary();
        const training = journals.existing('training')?.queueSummary();
        return {
          pending: summary?.count ?? 0,
          training: training?.count ?? 0,
          needsLookup: summary?.needsLookup ?? 0,
          attention: summary?.attention ?? 0,
          trainingNeedsLookup: training?.needsLookup ?? 0,
          trainingAttention: training?.attention ?? 0,
        };
      },
      problems: () =>
        terminalProblems({ key: key.health(), log: logFile?.problem(), gatewayUnencrypted: gateway.unencrypted(), gatewayRouteRefused: gateway.routeRefused(), refusedSettings: settings.refused(), provisioningSecretsLeft }),
    },
    bus,
  });
  const { status } = statusDomain;
  statusRef.current = status;
  if (instance) {
    const lock = instance;
    lock.update({ status: status.current(), updatedAt: platform.now().toISOString() });
    bus.on('status.changed', (s) => lock.update({ status: s, updatedAt: platform.now().toISOString() }));
  }
  logFile?.onProblemChange(refresh);
  settings.onChange(() => {
    if (!config.logLevel) log.level = settings.get('log.level');
    logFile?.setRotation(logRotation());
    refresh();
  });

  // Every area, once: background services start in this order (and stop in reverse); the handlers
  // together must serve the whole contract (the type says so).
  const joined = joinDomains([
    statusDomain,
    gatewayDomain,
    devicesDomain,
    apis,
    payments,
    receipts,
    reports,
    roles,
    createSettingsDomain({ settings, roleOf: (ctx) => manager.roleOf(ctx) }),
    { handlers: csvSaveHandlers(payments.ledger, platform.saveFile) },
  ]);
  const services: Service[] = joined.services;
  const handlers: Handlers = joined.handlers;
  const activity = new CounterActivity();
  const dispatcher = createDispatcher(handlers, log, activity.watch(manager));
  // What StartOptions.defer leaves until the terminal answers: each prepares what its first use would.
  const deferrable = new Set<Service>([gateway, apiTraining.marketplace, apiTraining.merchant, devices.firstScan]);
  let deferred: Service[] = [];
  let deferredRun: Promise<void> | undefined;
  /** Open while deferred services have not started: calls wait for them. */
  let gate: Promise<void> | undefined;
  let openGate = (): void => undefined;
  const dispatch: Dispatch = (method, input, ctx) => (gate ? gate.then(() => dispatcher(method, input, ctx)) : dispatcher(method, input, ctx));
  const startService = async (service: Service): Promise<void> => {
    await service.start();
    log.debug({ service: service.name }, 'service started');
  };

  let watcher: ReturnType<typeof setInterval> | undefined;
  let pinWatch: ReturnType<typeof setInterval> | undefined;
  let lastVersions = '';
  const dataVersions = (): string => JSON.stringify([db.pragma('data_version', { simple: true }), ...journals.dataVersions()]);

  return {
    platform,
    log,
    settings,
    key,
    bus,
    status,
    gateway,
    devices,
    dispatch,
    db,
    apis,
    payments,
    reports,
    manager,
    cashiers,
    verifiers,
    journals,
    activity,
    instance,
    mode,
    journal,
    refresh,
    pageClosed(connection) {
      manager.sessions.close(connection);
      cashiers.connectionClosed(connection);
      trainingPadPageClosed(devices, connection);
    },
    async start(options = {}) {
      if (options.defer) gateway.buildClientOnFirstUse();
      for (const service of services) {
        if (options.defer && deferrable.has(service)) deferred.push(service);
        else await startService(service);
      }
      if (deferred.length > 0) gate = new Promise((resolve) => (openGate = resolve));
      // The contract's schemas are built on first use (lazy-schema.ts); a running terminal builds
      // the rest now, or with the deferred start, so no sale pays for one.
      else warmSchemas();
      const interval = config.watchIntervalMs ?? 1000;
      if (interval > 0 && !watcher) {
        lastVersions = dataVersions();
        // data_version moves only when another connection commits: cheap to poll, exact to test.
        watcher = setInterval(() => {
          // posctl keys reset writes a new key file (a stat tells), then the secrets are entered again.
          const keyChanged = key.refresh();
          if (keyChanged) upgradeVerifiers(verifiers, log);
          const now = dataVersions();
          if (now === lastVersions && !keyChanged) return;
          lastVersions = now;
          if (!settings.reload() || keyChanged) refresh();
        }, interval);
        watcher.unref();
        // Sessions follow the PIN within a second of posctl changing it: one row, asked more often than the rest.
        pinWatch = setInterval(() => manager.syncPin(), Math.min(interval, PIN_WATCH_MS));
        pinWatch.unref();
      }
      log.info({ host: platform.host, mode: mode(), version: platform.version, ...(deferred.length > 0 ? { deferred: deferred.map((s) => s.name) } : {}) }, 'terminal core started');
    },
    startDeferred() {
      const pending = deferred;
      deferred = [];
      deferredRun ??= (async () => {
        try {
          for (const service of pending) await startService(service);
          warmSchemas();
        } finally {
          gate = undefined;
          openGate();
        }
      })();
      return deferredRun;
    },
    async close() {
      // A deferred start under way finishes first (its services are then stopped with the rest).
      await deferredRun?.catch(() => undefined);
      gate = undefined;
      openGate();
      if (watcher) clearInterval(watcher);
      if (pinWatch) clearInterval(pinWatch);
      for (const service of [...services].reverse()) {
        try {
          await service.stop();
        } catch (err) {
          log.error({ err, service: service.name }, 'service did not stop cleanly');
        }
      }
      journals.close();
      db.close();
      instance?.release();
      await new Promise<void>((resolve) => log.flush(() => resolve()));
      logFile?.close();
    },
  };
}
