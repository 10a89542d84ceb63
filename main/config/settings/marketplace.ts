import { z } from 'zod';
import { HMAC_ALGORITHMS } from '../../http/hmac';
import { enumSetting, textSetting, urlSetting } from '../setting';

/**
 * The marketplace interface (equipment catalogue and leads). With no URL the built-in training
 * simulator answers; the other keys then apply only to a configured service.
 */
export const marketplaceSettings = {
  'marketplace.url': urlSetting({
    description: 'Base URL of the marketplace interface (paths like /marketplace/v1/products are added to it). Empty: the training simulator.',
  }),
  'marketplace.apiKey': textSetting({
    schema: z.string().trim().max(200).regex(/^[^"\\\r\n]*$/, 'must not contain quotes, backslashes or line breaks'),
    // The store's own credentials for the service: the manager keeps them (Settings screen).
    access: 'manager',
    description: 'HMAC API key (the username of the Authorization header).',
  }),
  'marketplace.apiSecret': textSetting({ secret: true, access: 'manager', description: 'HMAC secret the requests are signed with (write-only).' }),
  'marketplace.algorithm': enumSetting(HMAC_ALGORITHMS, {
    default: 'hmac-sha1',
    description: 'HMAC algorithm of the Authorization header: hmac-sha1 (published default) or hmac-sha256/384/512.',
  }),
  'marketplace.companyId': textSetting({
    schema: z.string().trim().max(40).regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only'),
    description: 'Company id used in catalogue paths (/companies/{companyId}/...). Empty in training: the simulator\'s company.',
  }),
  'marketplace.businessConsultantId': textSetting({
    schema: z.string().trim().max(80),
    access: 'manager',
    description: 'Business consultant whose leads the Leads screen lists and who is named on new leads. Empty in training: the simulator\'s first consultant.',
  }),
} as const;
