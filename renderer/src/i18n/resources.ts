import { appMessages } from './messages/app';
import { commonMessages } from './messages/common';
import { catalogueMessages } from './messages/catalogue';
import { devicesMessages } from './messages/devices';
import { historyMessages } from './messages/history';
import { leadsMessages } from './messages/leads';
import { merchantMessages } from './messages/merchant';
import { queueMessages } from './messages/queue';
import { keyedMessages } from './messages/keyed';
import { registerMessages } from './messages/register';
import { trainingMessages } from './messages/training';
import { settingsMessages } from './messages/settings';
import { setupMessages } from './messages/setup';
import { statusMessages } from './messages/status';

/**
 * Every namespace: one per screen, the app's frame and the shared components.
 * One file per namespace holding `{ en, fr }` (i18next reads `resources[language][namespace]`; i18n.ts
 * regroups): a screen's two languages side by side, so the type check holds French to English's keys.
 */
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
