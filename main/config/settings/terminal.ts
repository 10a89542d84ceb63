import { LANGUAGES } from '../../../preload/contract/app';
import { boolSetting, enumSetting, intSetting, textSetting } from '../setting';
import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';

export const terminalSettings = {
  'terminal.name': textSetting({
    default: 'Lane 1',
    schema: lazySchema(() => z.string().trim().min(1).max(40)),
    description: 'Name of this lane, shown in the status bar and on receipts.',
  }),
  'terminal.cashierSignIn': boolSetting({
    default: false,
    access: 'manager',
    description: 'Cashiers sign in with their number and PIN before taking payments; each payment records its cashier and sends it to the gateway (User_Name, ClerkID).',
  }),
  'terminal.language': enumSetting(LANGUAGES, {
    default: 'en',
    access: 'manager',
    description: 'Language of the screens (en: English, fr: French); the gateway answers and prints its receipts in the same language.',
  }),
  'headless.port': intSetting({
    default: 4780,
    min: 0,
    max: 65535,
    description: 'Loopback port of the headless start (0 picks a free port). --port overrides it.',
  }),
  'log.level': enumSetting(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'Detail of the log under <data dir>/logs. Card data is redacted at every level.',
  }),
} as const;
