import { join } from 'node:path';
import type { Logger } from 'pino';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import { apiSettingsOf } from '../config/api-settings';
import { createApiSource } from '../http/api-source';
import { ResponseCache } from '../http/response-cache';
import { merchantHandlers } from '../merchant/handlers';
import { MerchantService } from '../merchant/service';
import type { Platform } from '../platform/platform';
import type { Service } from '../service';
import type { Db } from '../store/database';
import type { Sealer } from '../store/terminal-key';
import { TRAINING_LEAD_DEFAULTS } from '../training/marketplace/data';
import { TrainingSimulatorService } from '../training/marketplace/service';
import { startMarketplaceSimulator } from '../training/marketplace/simulator';
import { startMerchantSimulator, TRAINING_HOME_MERCHANT_ID } from '../training/merchant/simulator';
import { marketplaceHandlers } from './handlers';
import { ImageCache } from './image-cache';
import { LeadOutbox } from './lead-outbox';
import { MarketplaceService } from './service';

export interface ApiDomainsDeps {
  platform: Platform;
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
 * `<data dir>/cache.sqlite` and `<data dir>/cache/images/`, their training simulators (started in
 * training, or on first need), their services and contract handlers.
 */
export function createApiDomains(d: ApiDomainsDeps): ApiDomains {
  const now = (): Date => d.platform.now();
  const db = d.cacheDb;
  const cache = new ResponseCache(db);
  const log = d.log.child({ module: 'apis' });

  const marketplaceSim = new TrainingSimulatorService('marketplace-simulator', {
    start: (credentials) => startMarketplaceSimulator({ credentials, stateFile: join(d.platform.dataDir, 'training', 'marketplace-leads.json') }),
    companyId: (s) => s.companyId,
    wanted: () => d.settings.get('marketplace.url') === '',
    algorithm: 'hmac-sha1',
    log,
  });
  const merchantSim = new TrainingSimulatorService('merchant-simulator', {
    start: (credentials) => startMerchantSimulator({ credentials }),
    companyId: () => '',
    wanted: () => d.settings.get('merchant.url') === '',
    algorithm: 'hmac-sha256',
    log,
  });

  const outbox = new LeadOutbox(db, d.sealer);
  const marketplace = new MarketplaceService({
    source: createApiSource({ api: 'marketplace', settings: apiSettingsOf(d.settings, 'marketplace'), training: marketplaceSim, log, now }),
    cache,
    images: new ImageCache({ db, dir: join(d.platform.dataDir, 'cache', 'images'), log, now }),
    outbox,
    settings: d.settings,
    bus: d.bus,
    log,
    now,
    trainingLeadDefaults: TRAINING_LEAD_DEFAULTS,
  });
  const merchant = new MerchantService({
    source: createApiSource({ api: 'merchant', settings: apiSettingsOf(d.settings, 'merchant'), training: merchantSim, log, now }),
    cache,
    settings: d.settings,
    log,
    now,
    trainingMerchantId: TRAINING_HOME_MERCHANT_ID,
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
