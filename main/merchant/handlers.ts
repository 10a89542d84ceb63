import type { Handlers } from '../api/dispatcher';
import type { MerchantService } from './service';

type MerchantHandlers = Pick<
  Handlers,
  | 'merchant.get'
  | 'merchant.search'
  | 'merchant.contacts'
  | 'merchant.contact'
  | 'merchant.hierarchies'
  | 'merchant.hierarchy'
  | 'merchant.entitlements'
  | 'merchant.entitlement'
  | 'merchant.fees'
  | 'merchant.fee'
  | 'merchant.vocabulary'
>;

export function merchantHandlers(m: MerchantService): MerchantHandlers {
  return {
    'merchant.get': ({ merchantId }) => m.merchant(merchantId),
    'merchant.search': (input) => m.search(input),
    'merchant.contacts': ({ merchantId, contactType }) => m.contacts(merchantId, contactType),
    'merchant.contact': ({ merchantId, contactId }) => m.contact(merchantId, contactId),
    'merchant.hierarchies': ({ merchantId, level, date }) => m.hierarchies(merchantId, level, date),
    'merchant.hierarchy': ({ merchantId, level, hierarchyId }) => m.hierarchy(merchantId, level, hierarchyId),
    'merchant.entitlements': ({ merchantId }) => m.entitlements(merchantId),
    'merchant.entitlement': ({ merchantId, entitlementId }) => m.entitlement(merchantId, entitlementId),
    'merchant.fees': ({ merchantId }) => m.fees(merchantId),
    'merchant.fee': ({ merchantId, feeId }) => m.fee(merchantId, feeId),
    'merchant.vocabulary': () => m.vocabulary(),
  };
}
