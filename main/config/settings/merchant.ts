import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import { textSetting } from '../setting';
import { apiSettings } from './api';

/**
 * The merchant management interface (account, hierarchy, contacts, entitlements, fees). With no
 * URL the built-in training simulator answers.
 */
export const merchantSettings = {
  ...apiSettings('merchant', {
    url: 'Base URL of the merchant management interface (paths like /api/manage/merchants/{id} are added to it). Empty: the training simulator.',
    companyId: 'Company (organisation) the merchant lookups are made for; keeps cached merchant data of different companies apart.',
  }),
  'merchant.merchantId': textSetting({
    schema: lazySchema(() => z.string().trim().regex(/^\d{0,18}$/, 'digits only')),
    access: 'manager',
    description: 'This store\'s merchantId, shown first on the Merchant screen and used when posctl merchant get has no id. Empty in training: the simulator\'s store.',
  }),
} as const;
