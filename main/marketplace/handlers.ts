import type { Handlers } from '../api/dispatcher';
import type { MarketplaceService } from './service';

type MarketplaceHandlers = Pick<
  Handlers,
  | 'catalogue.categories'
  | 'catalogue.products'
  | 'catalogue.product'
  | 'catalogue.refresh'
  | 'catalogue.image'
  | 'catalogue.warm'
  | 'catalogue.cart'
  | 'catalogue.cart.set'
  | 'leads.list'
  | 'leads.create'
  | 'leads.defaults'
  | 'leads.outbox'
  | 'leads.retry'
  | 'leads.discard'
>;

export function marketplaceHandlers(m: MarketplaceService): MarketplaceHandlers {
  return {
    'catalogue.categories': () => m.categories(),
    'catalogue.products': (input) => m.products(input),
    'catalogue.product': ({ productId }) => m.product(productId),
    'catalogue.refresh': () => m.refresh(),
    'catalogue.warm': () => m.warm(),
    'catalogue.image': async (input) => ({ dataUrl: await m.image(input) }),
    'catalogue.cart': () => m.cart(),
    'catalogue.cart.set': (input) => m.setCart(input),
    'leads.list': ({ businessConsultantId }) => m.leads(businessConsultantId),
    'leads.create': (input) => m.createLead(input),
    'leads.defaults': () => m.leadDefaults(),
    'leads.outbox': () => m.outbox(),
    'leads.retry': async () => ({ results: await m.retryOutbox() }),
    'leads.discard': ({ uid }) => m.discard(uid),
  };
}
