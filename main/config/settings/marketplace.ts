import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import { textSetting } from '../setting';
import { apiSettings } from './api';

/**
 * The marketplace interface (equipment catalogue and leads). With no URL the built-in training
 * simulator answers; the other keys then apply only to a configured service.
 */
export const marketplaceSettings = {
  ...apiSettings('marketplace', {
    url: 'Base URL of the marketplace interface (paths like /marketplace/v1/products are added to it). Empty: the training simulator.',
    companyId: 'Company id used in catalogue paths (/companies/{companyId}/...). Empty in training: the simulator\'s company.',
  }),
  'marketplace.businessConsultantId': textSetting({
    schema: lazySchema(() => z.string().trim().max(80)),
    access: 'manager',
    description: 'Business consultant whose leads the Leads screen lists and who is named on new leads. Empty in training: the simulator\'s first consultant.',
  }),
} as const;
