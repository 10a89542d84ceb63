import { join } from 'node:path';
import type { Logger } from 'pino';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import { apiSettingsOf } from '../config/api-settings';
import { createApiSource, type TrainingEndpoint } from '../http/api-source';
import { ResponseCache } from '../http/response-cache';
import { merchantHandlers } from '../merchant/handlers';
import { MerchantService } from '../merchant/service';
import type { Platform } from '../platform/platform';
import type { Service } from '../service';
import type { Db } from '../store/database';
import type { Sealer } from '../store/terminal-key';
import { marketplaceHandlers } from './handlers';
import { ImageCache } from './image-cache';
import type { TrainingLeadDefaults } from './lead-desk';
import { LeadOutbox } from './lead-outbox';
import { MarketplaceService } from './service';

/** What training gives the two clients while no URL is configured (training/api-training.ts). */
export interface ApiTraining {
  marketplace: TrainingEndpoint & Service;
  merchant: TrainingEndpoint & Service;
  leadDefaults: TrainingLeadDefaults;
  homeMerchantId: number;
}

export interface ApiDomainsDeps {
  platform: Platform;
  training: ApiTraining;
  settings: SettingsStore;
  log: Logger;
  bus: EventBus;
  sealer: Sealer;
  /** `<data dir>/cache.sqlite`, opened by the core (see openCacheDb). */
  cacheDb: Db;
}

export interface ApiDomains {
  marketplace: MarketplaceService;
  merchant: MerchantService;
  /** The sealed lead outbox (posctl keys reset clears what a replaced key can no longer open). */
  outbox: LeadOutbox;
  /** In start order: the cache, the two training simulators, the two services. */
  services: Service[];
  handlers: ReturnType<typeof marketplaceHandlers> & ReturnType<typeof merchantHandlers>;
}

/**
 * The marketplace and merchant interfaces as the core uses them: their cache in
 * `<data dir>/cache.sqlite` and `<data dir>/cache/images/`, the training simulators training hands
 * them (started in training, or on first need), their services and contract handlers.
 */
export function createApiDomains(deps: ApiDomainsDeps): ApiDomains {
  const now = (): Date => deps.platform.now();
  const db = deps.cacheDb;
  const cache = new ResponseCache(db);
  const log = deps.log.child({ module: 'apis' });

  const { marketplace: marketplaceSim, merchant: merchantSim } = deps.training;

  const outbox = new LeadOutbox(db, deps.sealer);
  const marketplace = new MarketplaceService({
    source: createApiSource({ api: 'marketplace', settings: apiSettingsOf(deps.settings, 'marketplace'), training: marketplaceSim, log, now }),
    cache,
    images: new ImageCache({ db, dir: join(deps.platform.dataDir, 'cache', 'images'), log, now }),
    outbox,
    settings: deps.settings,
    bus: deps.bus,
    log,
    now,
    trainingLeadDefaults: deps.training.leadDefaults,
  });
  const merchant = new MerchantService({
    source: createApiSource({ api: 'merchant', settings: apiSettingsOf(deps.settings, 'merchant'), training: merchantSim, log, now }),
    cache,
    settings: deps.settings,
    log,
    now,
    trainingMerchantId: deps.training.homeMerchantId,
  });

  const cacheService: Service = {
    name: 'api-cache',
    start: async () => undefined,
    stop: async () => void db.close(),
  };
  return {
    marketplace,
    merchant,
    outbox,
    services: [cacheService, marketplaceSim, merchantSim, marketplace, merchant],
    handlers: { ...marketplaceHandlers(marketplace), ...merchantHandlers(merchant) },
  };
}
