import { z } from 'zod';
import { HMAC_ALGORITHMS } from '../../http/hmac';
import { enumSetting, textSetting, urlSetting } from '../setting';

/**
 * The merchant management interface (account, hierarchy, contacts, entitlements, fees). With no
 * URL the built-in training simulator answers.
 */
export const merchantSettings = {
  'merchant.url': urlSetting({
    description: 'Base URL of the merchant management interface (paths like /api/manage/merchants/{id} are added to it). Empty: the training simulator.',
  }),
  'merchant.apiKey': textSetting({
    schema: z.string().trim().max(200).regex(/^[^"\\\r\n]*$/, 'must not contain quotes, backslashes or line breaks'),
    // The store's own credentials for the service: the manager keeps them (Settings screen).
    access: 'manager',
    description: 'HMAC API key (the username of the Authorization header).',
  }),
  'merchant.apiSecret': textSetting({ secret: true, access: 'manager', description: 'HMAC secret the requests are signed with (write-only).' }),
  'merchant.algorithm': enumSetting(HMAC_ALGORITHMS, {
    default: 'hmac-sha1',
    description: 'HMAC algorithm of the Authorization header: hmac-sha1 (published default) or hmac-sha256/384/512.',
  }),
  'merchant.companyId': textSetting({
    schema: z.string().trim().max(40).regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only'),
    description: 'Company (organisation) the merchant lookups are made for; keeps cached merchant data of different companies apart.',
  }),
  'merchant.merchantId': textSetting({
    schema: z.string().trim().regex(/^\d{0,18}$/, 'digits only'),
    access: 'manager',
    description: 'This store\'s merchantId, shown first on the Merchant screen and used when posctl merchant get has no id. Empty in training: the simulator\'s store.',
  }),
} as const;
