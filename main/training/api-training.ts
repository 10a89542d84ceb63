import { join } from 'node:path';
import type { Logger } from 'pino';
import type { SettingsStore } from '../config/settings-store';
import type { ApiTraining } from '../marketplace/domain';
import { TRAINING_LEAD_DEFAULTS } from './marketplace/lead-defaults';
import { TrainingSimulatorService } from './marketplace/service';
import { TRAINING_HOME_MERCHANT_ID } from './merchant/home';

/**
 * Training's side of the marketplace and merchant interfaces: the two simulators each client is
 * pointed at while no URL is configured (started in training, or on first need), and the facts a
 * trainee's leads and account are made of. The core hands this to createApiDomains, so the clients
 * never import training/.
 */
export function createApiTraining(deps: { dataDir: string; settings: SettingsStore; log: Logger }): ApiTraining {
  return {
    marketplace: new TrainingSimulatorService('marketplace-simulator', {
      // The simulator and its catalogue load when it first starts (after the headless start's address).
      start: async (credentials) => (await import('./marketplace/simulator')).startMarketplaceSimulator({ credentials, stateFile: join(deps.dataDir, 'training', 'marketplace-leads.json') }),
      companyId: (s) => s.companyId,
      wanted: () => deps.settings.get('marketplace.url') === '',
      algorithm: 'hmac-sha1',
      log: deps.log,
    }),
    merchant: new TrainingSimulatorService('merchant-simulator', {
      // The simulator and its merchant book load when it first starts.
      start: async (credentials) => (await import('./merchant/simulator')).startMerchantSimulator({ credentials }),
      companyId: () => '',
      wanted: () => deps.settings.get('merchant.url') === '',
      algorithm: 'hmac-sha256',
      log: deps.log,
    }),
    leadDefaults: TRAINING_LEAD_DEFAULTS,
    homeMerchantId: TRAINING_HOME_MERCHANT_ID,
  };
}
