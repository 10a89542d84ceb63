import { z } from 'zod';
import type { JsonApi } from '../http/client';
import { ApiError, readFailureBody } from '../http/errors';
import { hierarchyLevel } from './labels';
import { Contact, Contacts, Entitlement, Entitlements, Envelope, Fee, Fees, HierarchyItem, HierarchyItems, Merchant, SearchItems, type PaginationWire } from './wire';

/** The 10 endpoints of the merchant interface, paths as the spec gives them (no version segment). */
export const MERCHANT_ROUTES = {
  merchant: '/api/manage/merchants/{merchantId}',
  search: '/api/manage/merchantsearch',
  contact: '/api/manage/merchants/{merchantId}/contacts/{contactId}',
  contacts: '/api/manage/merchants/{merchantId}/contacts',
  hierarchy: '/api/manage/merchants/{merchantId}/hierarchies/{hierarchyLevel}/{hierarchyId}',
  hierarchies: '/api/manage/merchants/{merchantId}/hierarchies/{hierarchyLevel}',
  entitlement: '/api/manage/merchants/{merchantId}/entitlements/{entitlementId}',
  entitlements: '/api/manage/merchants/{merchantId}/entitlements',
  fee: '/api/manage/merchants/{merchantId}/fees/{feeId}',
  fees: '/api/manage/merchants/{merchantId}/fees',
} as const;
const R = MERCHANT_ROUTES;

/** Search fields the service accepts; the first five match partially. */
export const SEARCH_FIELDS = ['externalMerchantId', 'state', 'city', 'mid', 'merchantId', 'dbaName', 'zipCode', 'hierarchyLevel'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchQuery = Partial<Record<SearchField, string>> & { sort?: string; page?: number };

export type Pagination = z.output<typeof PaginationWire>;

function invalid(message: string, path: string): ApiError {
  return new ApiError({ api: 'merchant', kind: 'invalid-request', issues: [{ path, message }] });
}

/** `YYYY-MM-DD` naming a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The level as the path carries it: its code (`120`), also when given as an abbreviation (`LCTN`). */
export function levelCode(level: string): string {
  const known = hierarchyLevel(level);
  if (known) return known.code;
  if (/^\d{1,4}$/.test(level.trim())) return level.trim();
  throw invalid(`unknown hierarchy level "${level}" (use 120, 100, 90, 60, 50, 40 or LCTN, CORP, LEAD, AGNT, BANK, BSNS)`, 'hierarchyLevel');
}

/** The search body: only the fields given, trimmed; refused when every field is empty. */
export function searchBody(query: SearchQuery): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const f of SEARCH_FIELDS) {
    const v = query[f]?.trim();
    if (v) body[f] = v;
  }
  if (Object.keys(body).length === 0) throw invalid('give at least one search field (the service refuses an empty search)', '(query)');
  if (body.merchantId !== undefined && !/^\d+$/.test(String(body.merchantId))) throw invalid('merchantId is digits only', 'merchantId');
  if (body.hierarchyLevel !== undefined) body.hierarchyLevel = levelCode(String(body.hierarchyLevel));
  if (query.sort?.trim()) body.sort = query.sort.trim();
  if (query.page !== undefined && query.page > 1) body.page = query.page;
  return body;
}

export type MerchantClient = ReturnType<typeof createMerchantClient>;

export function createMerchantClient(api: JsonApi) {
  /** A `responseCode` other than success is a failure, even on HTTP 200. */
  function checkEnvelope(env: Envelope, route: string): void {
    if (!env.responseCode || env.responseCode.toLowerCase() === 'success') return;
    const failure = readFailureBody(env.errorDetails) ?? readFailureBody(env);
    const words = [env.reasonCode, typeof env.message === 'string' ? env.message : ''].filter(Boolean).join(': ');
    throw new ApiError(
      { api: 'merchant', kind: 'http', route, status: 200, ...(failure ? { failure } : {}) },
      failure ? undefined : `The merchant service answered ${env.responseCode}${words ? ` (${words})` : ''}`,
    );
  }

  async function call<T>(
    spec: { method: 'GET' | 'POST'; route: string; params?: Record<string, string | number>; query?: Record<string, string | undefined>; body?: unknown },
    field: 'result' | 'results',
    schema: z.ZodType<T>,
  ): Promise<{ data: T; pagination: Pagination | null }> {
    const env = await api.request({ ...spec, schema: Envelope });
    const route = `${spec.method} ${spec.route}`;
    checkEnvelope(env, route);
    const parsed = schema.safeParse(env[field]);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 10).map((i) => ({ path: [field, ...i.path.map(String)].join('.'), message: i.message }));
      throw new ApiError({ api: 'merchant', kind: 'invalid-response', route, issues });
    }
    return { data: parsed.data, pagination: env.pagination ?? null };
  }

  const one = <T>(route: string, params: Record<string, string | number>, schema: z.ZodType<T>) =>
    call({ method: 'GET', route, params }, 'result', schema).then((r) => r.data);

  return {
    /** 1 */
    merchant: (merchantId: number) => one(R.merchant, { merchantId }, Merchant),
    /** 2: POST because the parameters may be sensitive; never cached, never logged. */
    search: async (query: SearchQuery) => call({ method: 'POST', route: R.search, body: searchBody(query) }, 'results', SearchItems),
    /** 3 */
    contact: (merchantId: number, contactId: number) => one(R.contact, { merchantId, contactId }, Contact),
    /** 4: the spec answers one Contact object; a list is accepted too. */
    contacts: async (merchantId: number, contactType?: 'DBA' | 'BIL' | 'STM') => {
      const r = await call(
        { method: 'GET', route: R.contacts, params: { merchantId }, query: { contactType } },
        'result',
        z.union([Contact.transform((c) => [c]), Contacts, z.null().transform(() => [])]),
      );
      return r.data;
    },
    /** 5 */
    hierarchy: async (merchantId: number, level: string, hierarchyId: number) =>
      one(R.hierarchy, { merchantId, hierarchyLevel: levelCode(level), hierarchyId }, HierarchyItem),
    /** 6: `hierarchydate` as YYYY-MM-DD, checked before sending. */
    hierarchies: async (merchantId: number, level: string, date?: string) => {
      if (date !== undefined && !isCalendarDate(date)) throw invalid('hierarchydate must be a real date written YYYY-MM-DD', 'hierarchydate');
      const r = await call(
        { method: 'GET', route: R.hierarchies, params: { merchantId, hierarchyLevel: levelCode(level) }, query: { hierarchydate: date } },
        'results',
        z.union([HierarchyItems, z.null().transform(() => [])]),
      );
      return { items: r.data, pagination: r.pagination };
    },
    /** 7 */
    entitlement: (merchantId: number, entitlementId: number) => one(R.entitlement, { merchantId, entitlementId }, Entitlement),
    /** 8 */
    entitlements: async (merchantId: number) =>
      (await call({ method: 'GET', route: R.entitlements, params: { merchantId } }, 'results', z.union([Entitlements, z.null().transform(() => [])]))).data,
    /** 9 */
    fee: (merchantId: number, feeId: number) => one(R.fee, { merchantId, feeId }, Fee),
    /**
     * 10: the answer's body is not published. Read like endpoint 8 (`results`), or a list or a
     * single fee under `result`.
     */
    fees: async (merchantId: number) => {
      const env = await api.request({ method: 'GET', route: R.fees, params: { merchantId }, schema: Envelope });
      checkEnvelope(env, `GET ${R.fees}`);
      for (const candidate of [env.results, env.result]) {
        const parsed = z.union([Fees, Fee.transform((f) => [f])]).safeParse(candidate);
        if (parsed.success) return parsed.data;
      }
      if (env.results === null || (env.results === undefined && env.result === undefined)) return [];
      throw new ApiError({ api: 'merchant', kind: 'invalid-response', route: `GET ${R.fees}`, issues: [{ path: 'results', message: 'no list of fees' }] });
    },
  };
}
