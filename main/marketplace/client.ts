import type { z } from 'zod';
import type { JsonApi } from '../http/client';
import { ApiError } from '../http/errors';
import {
  Categories,
  Faq,
  Features,
  IncludedProducts,
  LeadCreateResponse,
  Leads,
  Options,
  ProductDetail,
  Products,
  RecommendedProducts,
  Specs,
  type LeadCreateRequest,
} from './wire';
import { leadRequestIssues } from './lead';

/**
 * The 11 endpoints of the marketplace interface, with paths, methods and bodies exactly as the
 * spec gives them. Note endpoint 1 has no leading slash, endpoint 3 is `v2`, and endpoint 5 has
 * no `marketplace` segment.
 */
export const MARKETPLACE_ROUTES = {
  leads: 'marketplace/v1/businessconsultant/leads',
  leadCreate: '/marketplace/v1/canada/lead/create',
  categories: '/marketplace/v2/companies/{companyId}/categories',
  products: '/marketplace/v1/products',
  details: '/v1/companies/{companyId}/products/{productId}/details/',
  features: '/marketplace/v1/products/{productId}/features',
  includes: '/marketplace/v1/companies/{companyId}/products/{productId}/includes',
  specs: '/marketplace/v1/products/{productId}/specs',
  recommended: '/marketplace/v1/companies/{companyId}/products/{productId}/recommended',
  faq: '/marketplace/v1/products/{productId}/faq',
  options: '/marketplace/v1/companies/{companyId}/products/{productId}/options/',
} as const;

const R = MARKETPLACE_ROUTES;

export type MarketplaceClient = ReturnType<typeof createMarketplaceClient>;

/** `companyId()` is read per call: the setting may change while the app runs. */
export function createMarketplaceClient(api: JsonApi, companyId: () => Promise<string>) {
  const company = async (): Promise<string> => {
    const id = await companyId();
    if (!id) throw new ApiError({ api: 'marketplace', kind: 'not-configured' }, 'marketplace.companyId is not set');
    return id;
  };
  const get = <T>(route: string, schema: z.ZodType<T>, params: Record<string, string | number> = {}): Promise<T> =>
    api.request({ method: 'GET', route, params, schema });

  return {
    /** 1. Leads of one business consultant (a POST that only reads). */
    leads: (businessConsultantId: string) =>
      api.request({ method: 'POST', route: R.leads, body: { businessConsultantId }, schema: Leads }),
    /**
     * 2. Creates a lead. The required fields are checked before anything is sent. A refusal comes
     * back with errorCode/errMessage, on HTTP 200 or on a 4xx that carries the same body.
     */
    createLead: async (request: LeadCreateRequest) => {
      const issues = leadRequestIssues(request);
      if (issues.length > 0) throw new ApiError({ api: 'marketplace', kind: 'invalid-request', issues });
      return api.request({
        method: 'POST',
        route: R.leadCreate,
        body: request,
        schema: LeadCreateResponse,
        answersOnStatus: (s) => s === 400 || s === 409 || s === 422,
      });
    },
    categories: async () => get(R.categories, Categories, { companyId: await company() }),
    products: () => get(R.products, Products),
    details: async (productId: number) => get(R.details, ProductDetail, { companyId: await company(), productId }),
    features: (productId: number) => get(R.features, Features, { productId }),
    includes: async (productId: number) => get(R.includes, IncludedProducts, { companyId: await company(), productId }),
    specs: (productId: number) => get(R.specs, Specs, { productId }),
    recommended: async (productId: number) => get(R.recommended, RecommendedProducts, { companyId: await company(), productId }),
    faq: (productId: number) => get(R.faq, Faq, { productId }),
    options: async (productId: number) => get(R.options, Options, { companyId: await company(), productId }),
  };
}
