import { failure, routeRequest, startSimServer, type SimCredentials, type SimReply, type SimRoute, type SimServer } from '../marketplace/sim-http';
import { LEVEL_ABBREVIATION, LEVEL_FIELD, MERCHANT_BOOK, TRAINING_HOME_MERCHANT_ID, type SimHierarchyItem } from './data';

export interface MerchantSimulatorOptions {
  credentials: SimCredentials;
  port?: number;
  now?: () => Date;
  maxSkewMs?: number;
  basePath?: string;
  /** Rows per page of search and hierarchy lists (the service reports 3000). */
  countPerPage?: number;
}

export interface MerchantSimulator extends SimServer {
  readonly baseUrl: string;
  readonly homeMerchantId: number;
}

const book = MERCHANT_BOOK;
const merchantsById = new Map(book.merchants.map((m) => [m.merchantId, m]));

const envelopeOne = (result: unknown): SimReply => ({ status: 200, body: { responseCode: 'success', reasonCode: 'success', errorDetails: null, message: null, result } });
const envelopeMany = (results: unknown[], pagination: unknown): SimReply => ({ status: 200, body: { responseCode: 'success', reasonCode: 'success', results, pagination } });

/** Code 1030: the identity information sent matches no known record. */
const unknownRecord = (what: string): SimReply => failure(404, 1030, 'Identity information could not be associated with a known record', what);

const SEARCHABLE_PARTIAL = ['externalMerchantId', 'state', 'city', 'dbaName', 'zipCode'] as const;
const SEARCH_KEYS = new Set<string>([...SEARCHABLE_PARTIAL, 'mid', 'merchantId', 'hierarchyLevel', 'sort', 'page']);

function levelOf(text: string): string | undefined {
  const t = text.trim().toUpperCase();
  if (LEVEL_FIELD[t] !== undefined) return t;
  return Object.entries(LEVEL_ABBREVIATION).find(([, a]) => a === t)?.[0];
}

function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return !!m && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

function itemBody(h: SimHierarchyItem) {
  const body: Record<string, unknown> = { hierarchyId: h.hierarchyId, merchantId: h.merchantId, hierarchyLevel: h.hierarchyLevel, dateFrom: h.dateFrom, dateTo: h.dateTo };
  h.lvl.forEach((l, i) => {
    body[`lvl${i + 1}Id`] = l.id;
    body[`lvl${i + 1}Number`] = l.number;
  });
  body.uniqueId = h.merchantId;
  return body;
}

/**
 * The merchant management interface for training and tests: the 10 endpoints at their paths,
 * HMAC checked, the seeded merchant book, partial search with sort and pages, hierarchy lists
 * that match the merchant on the lvlNId of the asked level, on the date asked.
 */
export async function startMerchantSimulator(o: MerchantSimulatorOptions): Promise<MerchantSimulator> {
  const base = (o.basePath ?? '').replace(/\/+$/, '');
  const perPage = o.countPerPage ?? 3000;
  const now = o.now ?? (() => new Date());

  const page = <T>(rows: T[], requested: unknown): { rows: T[]; pagination: Record<string, number> } => {
    const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
    const p = typeof requested === 'number' && Number.isInteger(requested) && requested >= 1 ? requested : 1;
    return { rows: rows.slice((p - 1) * perPage, p * perPage), pagination: { rowCount: rows.length, pageCount, countPerPage: perPage, page: p } };
  };

  function search(body: unknown): SimReply {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return failure(400, 1010, 'Malformed request', 'the body must be a JSON object');
    const q = body as Record<string, unknown>;
    const unknown = Object.keys(q).filter((k) => !SEARCH_KEYS.has(k));
    if (unknown.length > 0) return failure(400, 1010, 'Malformed request', `unknown field(s): ${unknown.join(', ')}`);
    const text = (k: string): string => (typeof q[k] === 'string' || typeof q[k] === 'number' ? String(q[k]).trim() : '');
    const given = [...SEARCHABLE_PARTIAL, 'mid', 'merchantId', 'hierarchyLevel'].filter((k) => text(k) !== '');
    if (given.length === 0) return failure(400, 1020, 'At least one search parameter is required', 'all search fields were empty');
    const level = text('hierarchyLevel') ? levelOf(text('hierarchyLevel')) : undefined;
    if (text('hierarchyLevel') && !level) return failure(400, 1010, 'Malformed request', 'unknown hierarchyLevel');
    let rows = book.merchants.filter((m) => {
      for (const k of SEARCHABLE_PARTIAL) if (text(k) && !m.search[k].toLowerCase().includes(text(k).toLowerCase())) return false;
      if (text('mid') && m.search.mid !== text('mid')) return false;
      if (text('merchantId') && String(m.merchantId) !== text('merchantId')) return false;
      if (level && m.level !== level) return false;
      return true;
    });
    const sort = text('sort');
    if (sort) {
      const key = (m: (typeof rows)[number]): string => (sort === 'merchantId' ? String(m.merchantId).padStart(12, '0') : sort === 'hierarchyLevel' ? m.level.padStart(3, '0') : String((m.search as Record<string, string>)[sort] ?? ''));
      if (!['merchantId', 'hierarchyLevel', 'mid', ...SEARCHABLE_PARTIAL].includes(sort)) return failure(400, 1010, 'Malformed request', `cannot sort on ${sort}`);
      rows = [...rows].sort((a, b) => key(a).localeCompare(key(b)) || a.merchantId - b.merchantId);
    }
    const { rows: shown, pagination } = page(rows, q.page);
    return envelopeMany(
      shown.map((m) => ({ mid: m.search.mid, hierarchyLevel: m.level, hierarchyLevelAbbreviation: LEVEL_ABBREVIATION[m.level], externalMerchantId: m.search.externalMerchantId, dbaName: m.search.dbaName, city: m.search.city, state: m.search.state, zipCode: m.search.zipCode, merchantId: m.merchantId })),
      pagination,
    );
  }

  function hierarchies(merchantId: number, levelText: string, query: URLSearchParams, hierarchyId?: number): SimReply {
    const level = levelOf(levelText);
    if (!level) return failure(400, 1010, 'Malformed request', `unknown hierarchy level ${levelText}`);
    const field = LEVEL_FIELD[level]! - 1;
    const dateText = query.get('hierarchydate');
    if (dateText !== null && !isDay(dateText)) return failure(400, 1010, 'Malformed request', 'hierarchydate must be YYYY-MM-DD');
    const day = dateText ? Date.parse(`${dateText}T12:00:00Z`) : now().getTime();
    const matching = book.items.filter((h) => h.lvl[field]?.id === merchantId);
    if (hierarchyId !== undefined) {
      const h = matching.find((x) => x.hierarchyId === hierarchyId);
      return h ? envelopeOne(itemBody(h)) : unknownRecord(`no hierarchy item ${hierarchyId} at level ${level} for merchant ${merchantId}`);
    }
    const current = matching.filter((h) => Date.parse(h.dateFrom) <= day && day <= Date.parse(h.dateTo));
    const { rows, pagination } = page(current, 1);
    return envelopeMany(rows.map(itemBody), pagination);
  }

  const withMerchant = (id: string | undefined, then: (merchantId: number) => SimReply): SimReply => {
    const merchantId = Number(id);
    return merchantsById.has(merchantId) ? then(merchantId) : unknownRecord(`merchantId ${id}`);
  };
  const routes: SimRoute[] = [
    ['POST', /^\/api\/manage\/merchantsearch$/, (_m, req) => search(req.body)],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)$/, (m) => withMerchant(m[1], (id) => envelopeOne(merchantsById.get(id)!.record))],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/contacts\/([^/]+)$/, (m) =>
      withMerchant(m[1], (id) => {
        const c = book.contacts.find((x) => x.merchantId === id && x.contactId === Number(m[2]));
        return c ? envelopeOne({ contactId: c.contactId, merchantId: c.merchantId, contactType: c.contactType, ...c.fields, uniqueId: c.merchantId }) : unknownRecord(`contactId ${m[2]}`);
      })],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/contacts$/, (m, req) =>
      withMerchant(m[1], (id) => {
        const type = req.query.get('contactType');
        if (type !== null && !['DBA', 'STM', 'BIL'].includes(type)) return failure(400, 1010, 'Malformed request', 'contactType must be DBA, STM or BIL');
        const c = book.contacts.find((x) => x.merchantId === id && x.contactType === (type ?? 'DBA'));
        return c ? envelopeOne({ contactId: c.contactId, merchantId: c.merchantId, contactType: c.contactType, ...c.fields, uniqueId: c.merchantId }) : unknownRecord(`no ${type ?? 'DBA'} contact for merchant ${id}`);
      })],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/hierarchies\/([^/]+)\/([^/]+)$/, (m, req) => withMerchant(m[1], (id) => hierarchies(id, m[2]!, req.query, Number(m[3])))],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/hierarchies\/([^/]+)$/, (m, req) => withMerchant(m[1], (id) => hierarchies(id, m[2]!, req.query))],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/entitlements\/([^/]+)$/, (m) =>
      withMerchant(m[1], (id) => {
        const e = book.entitlements.find((x) => x.merchantId === id && x.entitlementId === Number(m[2]));
        return e ? { status: 200, body: { responseCode: 'success', reasonCode: 'success', errorDetails: null, message: null, result: e.record } } : unknownRecord(`entitlementId ${m[2]}`);
      })],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/entitlements$/, (m) =>
      withMerchant(m[1], (id) => envelopeMany(book.entitlements.filter((e) => e.merchantId === id).map((e) => e.record), null))],
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/fees\/([^/]+)$/, (m) =>
      withMerchant(m[1], (id) => {
        const f = book.fees.find((x) => x.merchantId === id && x.feeId === Number(m[2]));
        return f ? envelopeOne(f.record) : unknownRecord(`feeId ${m[2]}`);
      })],
    // The real body of this one is not published; answered like the entitlement list.
    ['GET', /^\/api\/manage\/merchants\/([^/]+)\/fees$/, (m) => withMerchant(m[1], (id) => envelopeMany(book.fees.filter((f) => f.merchantId === id).map((f) => f.record), null))],
  ];

  const server = await startSimServer({
    credentials: o.credentials,
    port: o.port,
    now: o.now,
    maxSkewMs: o.maxSkewMs,
    handler: (req) => routeRequest(routes, base, req),
  });
  return { ...server, baseUrl: `${server.url}${base}`, homeMerchantId: TRAINING_HOME_MERCHANT_ID };
}

export { TRAINING_HOME_MERCHANT_ID };
