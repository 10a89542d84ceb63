import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirs } from '../../platform/file-modes';
import { CATEGORIES, CONSULTANTS, pictureKind, PRODUCTS, PRODUCTS_BY_ID, SEED_LEADS, SPONSORS, TRAINING_COMPANY_ID, type SimLead, type SimProduct } from './data';
import { productPng, type PictureKind, type Rgb } from './png';
import { failure, routeRequest, startSimServer, type SimCredentials, type SimReply, type SimRoute, type SimServer } from './sim-http';

export interface MarketplaceSimulatorOptions {
  credentials: SimCredentials;
  port?: number;
  now?: () => Date;
  maxSkewMs?: number;
  /** Mount point of the interface, e.g. `/gw` (the base URL then ends with it). */
  basePath?: string;
  /** Where leads created in training are kept across runs; in memory only when absent. */
  stateFile?: string;
  /** The catalogue served: the training products when absent (benchmarks pass scaledCatalogue(n)). */
  products?: readonly SimProduct[];
}

export interface MarketplaceSimulator extends SimServer {
  /** The base URL a client is configured with. */
  readonly baseUrl: string;
  readonly companyId: string;
}

const ok = (body: unknown): SimReply => ({ status: 200, body });

const REQUIRED_LEAD_FIELDS = [
  'first_name', 'last_name', 'company', 'actionType', 'recordType', 'email', 'phone', 'bankId', 'zip', 'address1', 'address2',
  'city', 'state', 'campaign_id', 'leadType', 'referenceType', 'annualVolume', 'linkBackId', 'dealId', 'leadStatus', 'leadId',
  'businessConsultantAMAId', 'uid', 'businessConsultantId',
];
const MUST_HAVE_TEXT = ['first_name', 'last_name', 'company', 'email', 'phone', 'zip', 'address1', 'city', 'state', 'uid', 'businessConsultantId'];
const LEAD_TYPES = ['Bank Referral', 'Self Sourced', 'Merchant Refer A Friend'];

/** Each kind of product in its own colour, so a list of thumbnails reads at a glance. */
const PALETTE: Record<PictureKind, Rgb> = {
  TERM: [52, 120, 246], PINPAD: [38, 166, 154], CHKRDR: [156, 39, 176], PRNTR: [255, 143, 0], CABLES: [84, 110, 122], PP_CABLES: [0, 131, 143],
  STAND: [121, 85, 72], Power_Sup: [69, 90, 100], ACCES: [0, 150, 136], SOFT: [63, 81, 181], NETWORK: [3, 155, 229], REG: [93, 64, 55],
  GAS: [211, 47, 47], IMP: [117, 117, 117], FEE: [46, 125, 50], SERVICE: [194, 24, 91], CATEGORY: [96, 125, 139],
};
/** The categories' pictures: the same shop front, each category in its own colour. */
const CATEGORY_COLOURS: readonly Rgb[] = [[52, 120, 246], [255, 143, 0], [156, 39, 176], [3, 155, 229], [211, 47, 47], [38, 166, 154], [63, 81, 181], [121, 85, 72]];

/**
 * The marketplace interface for training and tests: the 11 endpoints at their exact paths, the
 * HMAC headers checked, seeded catalogue and leads, and product pictures under /images/.
 */
export async function startMarketplaceSimulator(o: MarketplaceSimulatorOptions): Promise<MarketplaceSimulator> {
  const base = (o.basePath ?? '').replace(/\/+$/, '');
  const products = o.products ?? PRODUCTS;
  const byId = o.products ? new Map(products.map((p) => [p.productId, p])) : PRODUCTS_BY_ID;
  let origin = '';
  const imageUrls = (p: SimProduct): string[] =>
    p.images.flatMap((name) => [`${origin}${base}/images/large/${name}`, `${origin}${base}/images/thumb/${name}`]);

  const created: SimLead[] = [];
  const loadCreated = (): SimLead[] => {
    if (!o.stateFile) return created;
    try {
      return existsSync(o.stateFile) ? (JSON.parse(readFileSync(o.stateFile, 'utf8')) as SimLead[]) : [];
    } catch {
      return [];
    }
  };
  const saveCreated = (leads: SimLead[]): void => {
    if (!o.stateFile) return;
    makeDirs(dirname(o.stateFile), 0o777);
    writeFileSync(`${o.stateFile}.tmp`, JSON.stringify(leads, null, 1), { mode: 0o600 });
    renameSync(`${o.stateFile}.tmp`, o.stateFile);
  };

  const listing = (p: SimProduct) => ({
    id: p.id,
    productId: p.productId,
    supplierProductName: p.supplierProductName,
    supplierName: p.supplierName,
    productType: p.productType,
    productName: p.productName,
    productShortDescription: p.productShortDescription,
    productLongDescription: p.productLongDescription,
    showoncart: p.showoncart,
    productWithOptions: p.productWithOptions,
    pinPad: p.pinPad,
    imageUrls: imageUrls(p),
  });

  const detail = (p: SimProduct) => ({
    ...listing(p),
    categoryIds: p.categoryIds,
    price: p.price,
    pricingModel: p.pricing.map((x) => ({ ...x, fkProdId: p.productId, fkCompanyId: Number(TRAINING_COMPANY_ID) })),
  });

  const related = (p: SimProduct) => ({ ...listing(p), price: p.price });

  function product(id: string | undefined): SimProduct | SimReply {
    const p = byId.get(Number(id));
    return p ?? failure(404, 2004, 'Product not found', `no product ${id}`);
  }

  function createLead(body: unknown): SimReply {
    const refuse = (status: number, errorCode: string, errMessage: string): SimReply => ({
      status,
      body: { leadId: null, dealId: null, errorCode, errMessage, message: 'Lead not created' },
    });
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return refuse(400, 'INVALID_REQUEST', 'The body must be a JSON object');
    const b = body as Record<string, unknown>;
    const absent = REQUIRED_LEAD_FIELDS.filter((k) => !(k in b) || b[k] === null);
    const blank = MUST_HAVE_TEXT.filter((k) => typeof b[k] !== 'string' || String(b[k]).trim() === '');
    const missing = [...new Set([...absent, ...blank])];
    if (missing.length > 0) return refuse(400, 'REQUIRED_FIELD_MISSING', `Required field(s) missing: ${missing.join(', ')}`);
    if (typeof b.annualVolume !== 'number') return refuse(400, 'INVALID_FIELD', 'annualVolume must be a number');
    if (!LEAD_TYPES.includes(String(b.leadType))) return refuse(400, 'INVALID_FIELD', `leadType must be one of ${LEAD_TYPES.join(', ')}`);
    const all = loadCreated();
    const uid = String(b.uid);
    const again = [...SEED_LEADS, ...all].find((l) => l.uid === uid);
    if (again) return ok({ leadId: again.identifier, dealId: again.dealId || null, errorCode: '', errMessage: '', message: 'Lead already received' });
    const consultant = String(b.businessConsultantId);
    const duplicate = [...SEED_LEADS, ...all].find(
      (l) => l.businessConsultantId === consultant && l.companyName.toLowerCase() === String(b.company).trim().toLowerCase() && l.ownerZip === String(b.zip).trim(),
    );
    if (duplicate) return ok({ leadId: null, dealId: null, errorCode: 'DUPLICATE_LEAD', errMessage: `A lead for this company and zip already exists (${duplicate.identifier})`, message: 'Lead not created' });
    const id = `00Q${String(900000 + SEED_LEADS.length + all.length).padStart(9, '0')}`;
    const s = (k: string): string => (typeof b[k] === 'string' || typeof b[k] === 'number' ? String(b[k]) : '');
    const lead: SimLead = {
      Identifier: id,
      identifier: id,
      createdDate: (o.now ?? (() => new Date()))().toISOString(),
      emailAddress: s('email'),
      companyName: s('company'),
      status: 'New',
      leadStatus: 'New',
      ownerFirstName: s('first_name'),
      ownerMiddleInitial: '',
      ownerLastName: s('last_name'),
      ownerStreetAddress: [s('address1'), s('address2')].filter(Boolean).join(', '),
      ownerCity: s('city'),
      ownerState: s('state'),
      ownerZip: s('zip'),
      phone: s('phone'),
      leadType: s('leadType'),
      annualVolume: String(b.annualVolume),
      bankId: s('bankId'),
      actionType: s('actionType'),
      recordType: s('recordType'),
      opportunityId: '',
      linkBackId: s('linkBackId'),
      businessConsultantAMAId: s('businessConsultantAMAId'),
      dealId: '',
      uid,
      orderId: '',
      businessConsultantId: consultant,
    };
    all.push(lead);
    if (o.stateFile) saveCreated(all);
    return ok({ leadId: id, dealId: null, errorCode: '', errMessage: '', message: 'Lead created' });
  }

  const company = (id: string | undefined): SimReply | undefined =>
    id === TRAINING_COMPANY_ID ? undefined : failure(404, 2001, 'Company not found', `no company ${id}`);

  const routes: SimRoute[] = [
    ['POST', /^\/marketplace\/v1\/businessconsultant\/leads$/, (_m, req) => {
      const id = (req.body as { businessConsultantId?: unknown } | undefined)?.businessConsultantId;
      if (typeof id !== 'string' || id === '') return failure(400, 1010, 'Malformed request', 'businessConsultantId is required');
      const leads = [...SEED_LEADS, ...loadCreated()].filter((l) => l.businessConsultantId === id);
      return ok(leads.map(({ businessConsultantId: _bc, leadStatus: _ls, ...lead }) => lead));
    }],
    ['POST', /^\/marketplace\/v1\/canada\/lead\/create$/, (_m, req) => createLead(req.body)],
    ['GET', /^\/marketplace\/v2\/companies\/([^/]+)\/categories$/, (m) =>
      company(m[1]) ?? ok(CATEGORIES.map((c) => ({ id: c.id, name: c.name, description: c.description, rank: c.rank, imageURL: `${origin}${base}/images/large/${c.image}.png` })))],
    ['GET', /^\/marketplace\/v1\/products$/, () => ok(products.map((p) => ({ ...listing(p), categoryIds: p.categoryIds, tags: p.tags })))],
    ['GET', /^\/v1\/companies\/([^/]+)\/products\/([^/]+)\/details\/$/, (m) => {
      const p = product(m[2]);
      return company(m[1]) ?? ('status' in p ? p : ok(detail(p)));
    }],
    ['GET', /^\/marketplace\/v1\/products\/([^/]+)\/features$/, (m) => {
      const p = product(m[1]);
      return 'status' in p ? p : ok({ success: true, features: p.features.map((f, i) => ({ id: p.productId * 100 + i, feature: f, featureId: 700 + i })), groupFeatures: [] });
    }],
    ['GET', /^\/marketplace\/v1\/companies\/([^/]+)\/products\/([^/]+)\/includes$/, (m) => {
      const p = product(m[2]);
      if ('status' in p) return p;
      return company(m[1]) ?? ok(p.includes.map((id) => byId.get(id)!).map((x) => ({ ...related(x), createdBy: 'catalogue', defaultPurchaseType: 'P', endDate: x.endDate })));
    }],
    ['GET', /^\/marketplace\/v1\/products\/([^/]+)\/specs$/, (m) => {
      const p = product(m[1]);
      return 'status' in p ? p : ok(p.specs);
    }],
    ['GET', /^\/marketplace\/v1\/companies\/([^/]+)\/products\/([^/]+)\/recommended$/, (m) => {
      const p = product(m[2]);
      if ('status' in p) return p;
      return company(m[1]) ?? ok(p.recommended.map((id, i) => {
        const x = byId.get(id)!;
        return {
          ...related(x),
          sponsor: SPONSORS[i % SPONSORS.length],
          offeringTypes: ['EQUIPMENT'],
          pricingModel: x.pricing.map((pr) => ({ id: pr.id, fkProdId: String(x.productId), purchaseType: pr.purchaseType, defaultAmt: pr.defaultAmt, purchaseTypeLabel: pr.purchaseTypeLabel, paymentType: pr.occurrence === 'Recurring' ? 'MONTHLY' : 'ONE_TIME', paymentTerm: pr.purchaseType.replace(/\D/g, '') || '0', commissionDefined: false })),
        };
      }));
    }],
    ['GET', /^\/marketplace\/v1\/products\/([^/]+)\/faq$/, (m) => {
      const p = product(m[1]);
      return 'status' in p ? p : ok(p.faq);
    }],
    ['GET', /^\/marketplace\/v1\/companies\/([^/]+)\/products\/([^/]+)\/options\/$/, (m) => {
      const p = product(m[2]);
      if ('status' in p) return p;
      return company(m[1]) ?? ok(p.options.map((id) => related(byId.get(id)!)));
    }],
  ];

  const images = new Map<string, Buffer>();
  function image(size: string, name: string): SimReply {
    const key = `${size}/${name}`;
    let png = images.get(key);
    if (!png) {
      const productId = Number(/^p(\d+)-/.exec(name)?.[1]);
      const p = byId.get(productId);
      const category = CATEGORIES.findIndex((c) => `${c.image}.png` === name);
      if (!p && category < 0) return failure(404, 1040, 'Not found');
      const kind: PictureKind = p ? pictureKind(p.productType) : 'CATEGORY';
      const accent = p ? PALETTE[kind] : (CATEGORY_COLOURS[category % CATEGORY_COLOURS.length] ?? PALETTE.CATEGORY);
      png = productPng(kind, size === 'large' ? 240 : 64, [236, 239, 241], accent, Number(/-(\d)\./.exec(name)?.[1] ?? 1));
      if (images.size > 600) images.clear();
      images.set(key, png);
    }
    return { status: 200, raw: png, contentType: 'image/png' };
  }

  const server = await startSimServer({
    credentials: o.credentials,
    port: o.port,
    now: o.now,
    maxSkewMs: o.maxSkewMs,
    isPublic: (path) => path.startsWith(`${base}/images/`),
    handler: (req) =>
      routeRequest(routes, base, req, (path) => {
        const img = /^\/images\/(thumb|large)\/([\w.-]+\.png)$/.exec(path);
        return img && req.method === 'GET' ? image(img[1]!, img[2]!) : undefined;
      }),
  });
  origin = server.url;
  return { ...server, baseUrl: `${server.url}${base}`, companyId: TRAINING_COMPANY_ID };
}

export { CONSULTANTS, TRAINING_COMPANY_ID };
