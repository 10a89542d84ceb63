import { appMessages } from '../app/messages';
import { commonMessages } from '../components/messages';
import { catalogueMessages } from '../screens/catalogue/messages';
import { devicesMessages } from '../screens/devices/messages';
import { historyMessages } from '../screens/history/messages';
import { leadsMessages } from '../screens/leads/messages';
import { merchantMessages } from '../screens/merchant/messages';
import { queueMessages } from '../screens/queue/messages';
import { keyedMessages } from '../screens/register/keyed-messages';
import { registerMessages } from '../screens/register/messages';
import { trainingMessages } from '../screens/register/training-messages';
import { settingsMessages } from '../screens/settings/messages';
import { setupMessages } from '../screens/setup/messages';
import { statusMessages } from '../screens/status/messages';

/** Every namespace: one per screen, the app's frame and the shared components. */
export const namespaces = {
  app: appMessages,
  common: commonMessages,
  register: registerMessages,
  keyed: keyedMessages,
  training: trainingMessages,
  history: historyMessages,
  queue: queueMessages,
  settings: settingsMessages,
  status: statusMessages,
  devices: devicesMessages,
  catalogue: catalogueMessages,
  merchant: merchantMessages,
  leads: leadsMessages,
  setup: setupMessages,
} as const;

export type Namespace = keyof typeof namespaces;
export type EnglishResources = { [N in Namespace]: (typeof namespaces)[N]['en'] };
