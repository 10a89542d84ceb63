import { join } from 'node:path';
import type { DestinationStream, LevelWithSilent, Logger } from 'pino';
import type { Mode } from '../preload/contract';
import { createDispatcher, type Dispatch, type Handlers } from './api/dispatcher';
import { DeviceManager } from './devices/device-manager';
import { deviceHandlers } from './devices/handlers';
import { deriveMode } from './config/mode';
import { applyProvisioningFromDataDir } from './config/provisioning';
import { SettingsStore } from './config/settings-store';
import { EventBus } from './events/bus';
import { GatewayService } from './gateway/service';
import { createApiDomains, type ApiDomains } from './marketplace/domain';
import { createLogger } from './log/logger';
import type { Platform } from './platform/platform';
import type { Service } from './service';
import { appHandlers } from './status/handlers';
import { StatusService } from './status/status-service';
import { openDatabase, type Db } from './store/database';
import { openJournal, type JournalStore } from './store/journal';
import { terminalMigrations } from './store/terminal-db';
import { openTerminalKey, type Sealer } from './store/terminal-key';

export interface CoreConfig {
  /** A log file path (default `<data dir>/logs/pos.log`) or a stream. */
  logDestination?: string | DestinationStream;
  /** Overrides the `log.level` setting (posctl keeps the log quiet unless asked). */
  logLevel?: LevelWithSilent;
  /** How often to look for changes another process (posctl) made to this terminal's data. 0: never. */
  watchIntervalMs?: number;
  /** Apply `<data dir>/provision.json` when the core starts. */
  applyProvisioning?: boolean;
}

export interface Core {
  readonly platform: Platform;
  readonly log: Logger;
  readonly settings: SettingsStore;
  readonly sealer: Sealer;
  readonly bus: EventBus;
  readonly status: StatusService;
  readonly gateway: GatewayService;
  readonly devices: DeviceManager;
  readonly dispatch: Dispatch;
  readonly db: Db;
  /** The marketplace and merchant interfaces (catalogue cache, leads, merchant lookups). */
  readonly apis: ApiDomains;
  mode(): Mode;
  /** The journal of the current mode: training and live payments live in separate files. */
  journal(): JournalStore;
  /** Recompute the status after an in-process change; emits `status.changed` if it differs. */
  refresh(): void;
  /** Starts background work (watchers and services). posctl commands that only read skip it. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds every service of the terminal. No Electron here: the same core runs in the Electron app,
 * in the headless start, under posctl and in tests; `platform` carries what differs by host.
 */
export async function createCore(config: CoreConfig, platform: Platform): Promise<Core> {
  const log = createLogger({
    level: config.logLevel ?? 'info',
    destination: config.logDestination ?? join(platform.dataDir, 'logs', 'pos.log'),
  });
  const dbOptions = platform.sqliteNativeBinding ? { nativeBinding: platform.sqliteNativeBinding } : {};
  const db = openDatabase(join(platform.dataDir, 'terminal.sqlite'), terminalMigrations, dbOptions);
  const sealer = openTerminalKey(platform.dataDir, platform.keyProtector);
  const settings = new SettingsStore(db, sealer, log, () => platform.now());
  if (config.applyProvisioning) {
    const applied = applyProvisioningFromDataDir(platform.dataDir, settings);
    if (applied) log.info({ settings: applied }, 'provisioning file applied');
  }
  if (!config.logLevel) log.level = settings.get('log.level');

  const journals = new Map<Mode, JournalStore>();
  const mode = (): Mode => deriveMode(settings);
  const journal = (): JournalStore => {
    const m = mode();
    let store = journals.get(m);
    if (!store) journals.set(m, (store = openJournal(platform.dataDir, m, dbOptions)));
    return store;
  };

  const gateway = new GatewayService({ settings, log, mode, now: () => platform.now(), onStateChange: () => status.refresh() });
  const bus = new EventBus();
  const devices = new DeviceManager({ settings, bus, log: log.child({ module: 'devices' }), mode, now: () => platform.now(), refresh: () => status.refresh() });
  const status = new StatusService(
    {
      version: platform.version,
      mode,
      terminalName: () => settings.get('terminal.name'),
      gatewayState: () => gateway.state(),
      devices: () => devices.statuses(),
      queuePending: () => journal().countQueued(),
    },
    bus,
  );
  const refresh = (): void => status.refresh();
  settings.onChange(() => {
    if (!config.logLevel) log.level = settings.get('log.level');
    refresh();
  });

  // Background services, started by start() in this order and stopped in reverse by close().
  const services: Service[] = [];
  services.push(gateway);
  services.push(devices);
  const apis = createApiDomains({ platform, settings, log, bus, sealer, dbOptions });
  services.push(...apis.services);

  const handlers: Handlers = {
    ...appHandlers(status),
    ...deviceHandlers(devices),
    ...apis.handlers,
  };
  const dispatch = createDispatcher(handlers, log);

  let watcher: ReturnType<typeof setInterval> | undefined;
  let lastVersions = '';
  const dataVersions = (): string =>
    JSON.stringify([db.pragma('data_version', { simple: true }), ...[...journals.values()].map((j) => j.dataVersion())]);

  return {
    platform,
    log,
    settings,
    sealer,
    bus,
    status,
    gateway,
    devices,
    dispatch,
    db,
    apis,
    mode,
    journal,
    refresh,
    async start() {
      for (const service of services) {
        await service.start();
        log.debug({ service: service.name }, 'service started');
      }
      const interval = config.watchIntervalMs ?? 1000;
      if (interval > 0 && !watcher) {
        lastVersions = dataVersions();
        // data_version moves only when another connection commits: cheap to poll, exact to test.
        watcher = setInterval(() => {
          const now = dataVersions();
          if (now === lastVersions) return;
          lastVersions = now;
          if (!settings.reload()) refresh();
        }, interval);
        watcher.unref();
      }
      log.info({ host: platform.host, mode: mode(), version: platform.version }, 'terminal core started');
    },
    async close() {
      if (watcher) clearInterval(watcher);
      for (const service of [...services].reverse()) {
        try {
          await service.stop();
        } catch (err) {
          log.error({ err, service: service.name }, 'service did not stop cleanly');
        }
      }
      for (const j of journals.values()) j.close();
      journals.clear();
      db.close();
      return new Promise<void>((resolve) => log.flush(() => resolve()));
    },
  };
}
