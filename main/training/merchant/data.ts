import { seededRandom } from '../marketplace/sim-http';
import { TRAINING_HOME_MERCHANT_ID } from './home';

/**
 * The training merchant book: one bank with agents, lead corporates, business owners, chains
 * and 150 outlets, each with a full hierarchy, contacts of the three types, entitlements and
 * fees. Generated from a fixed seed; names and numbers are made up.
 */

export interface SimMerchant {
  merchantId: number;
  level: '120' | '100' | '90' | '60' | '50' | '40';
  record: Record<string, string | number>;
  search: { mid: string; externalMerchantId: string; dbaName: string; city: string; state: string; zipCode: string };
}

export interface SimHierarchyItem {
  hierarchyId: number;
  merchantId: number;
  hierarchyLevel: string;
  dateFrom: string;
  dateTo: string;
  lvl: Array<{ id: number | ''; number: string }>;
}

export interface SimContact {
  contactId: number;
  merchantId: number;
  contactType: 'DBA' | 'BIL' | 'STM';
  fields: Record<string, string>;
}

export interface SimEntitlement {
  entitlementId: number;
  merchantId: number;
  record: Record<string, string | number | null>;
}

export interface SimFee {
  feeId: number;
  merchantId: number;
  record: Record<string, string | number | null>;
}

/** Abbreviations the simulated service answers in search results (CORP and LCTN as documented). */
export const LEVEL_ABBREVIATION: Record<string, string> = { '120': 'LCTN', '100': 'CORP', '90': 'LEAD', '60': 'AGNT', '50': 'BANK', '40': 'BSNS' };
/** Which lvlN of an item a level is matched on. */
export const LEVEL_FIELD: Record<string, number> = { '120': 1, '100': 2, '90': 3, '60': 4, '50': 5, '40': 6 };

const PLACES = [
  { city: 'Springfield', state: 'IL', zip: '62701' },
  { city: 'Springfield', state: 'MO', zip: '65806' },
  { city: 'Madison', state: 'WI', zip: '53703' },
  { city: 'Columbus', state: 'OH', zip: '43215' },
  { city: 'Portland', state: 'OR', zip: '97205' },
  { city: 'Portland', state: 'ME', zip: '04101' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Raleigh', state: 'NC', zip: '27601' },
  { city: 'Denver', state: 'CO', zip: '80202' },
  { city: 'Burlington', state: 'VT', zip: '05401' },
  { city: 'Boise', state: 'ID', zip: '83702' },
  { city: 'Tucson', state: 'AZ', zip: '85701' },
];
/**
 * What a merchant does, as its record says it three ways that must agree: the type of business,
 * the industry code (MCC) and a name a person would give such a business.
 */
interface Trade {
  businessType: string;
  mcc: string;
}

const TRADE = {
  bakery: { businessType: 'Bakery', mcc: '5462' },
  restaurant: { businessType: 'Restaurant', mcc: '5812' },
  fastFood: { businessType: 'Restaurant', mcc: '5814' },
  grocery: { businessType: 'Grocery', mcc: '5411' },
  hardware: { businessType: 'Retail', mcc: '5251' },
  sportingGoods: { businessType: 'Retail', mcc: '5941' },
  books: { businessType: 'Retail', mcc: '5942' },
  florist: { businessType: 'Retail', mcc: '5992' },
  petSupply: { businessType: 'Retail', mcc: '5995' },
  pharmacy: { businessType: 'Healthcare', mcc: '5912' },
  autoRepair: { businessType: 'Automotive', mcc: '7538' },
  generalRetail: { businessType: 'Retail', mcc: '5399' },
  bank: { businessType: 'Financial institution', mcc: '6012' },
  businessServices: { businessType: 'Business services', mcc: '7399' },
  holding: { businessType: 'Holding company', mcc: '7399' },
} as const satisfies Record<string, Trade>;

const CHAINS: ReadonlyArray<{ name: string; trade: Trade }> = [
  { name: 'Maple Street Bakery', trade: TRADE.bakery },
  { name: 'Harbor Hardware', trade: TRADE.hardware },
  { name: 'Bluebird Cafe', trade: TRADE.fastFood },
  { name: 'Summit Outfitters', trade: TRADE.sportingGoods },
  { name: 'Green Leaf Grocers', trade: TRADE.grocery },
  { name: 'Lakeside Pharmacy', trade: TRADE.pharmacy },
  { name: 'Copper Kettle Diner', trade: TRADE.restaurant },
  { name: 'Northstar Books', trade: TRADE.books },
  { name: 'Pine Ridge Auto Repair', trade: TRADE.autoRepair },
  { name: 'Sunrise Florist', trade: TRADE.florist },
  { name: 'Riverbend Pet Supply', trade: TRADE.petSupply },
  { name: 'Golden Crust Pizza', trade: TRADE.restaurant },
];
const OWNERS = ['Whitfield Holdings', 'Ortega Family Holdings', 'Raman Ventures', 'Becker & Sons Holdings', 'Lakeview Holding Group', 'Cedar Partners'];
const STREETS = ['Maple St', 'Oak Ave', 'Main St', 'Cedar Rd', 'Lakeview Dr', 'Mill Rd', 'Elm St', 'Harbor Way', 'Market Sq', 'River Rd'];

/** EBT (food benefits) is taken where food is sold. */
const FOOD_MCCS = new Set(['5411', '5462']);

/** A pricing method and the discount option codes (DISCOUNT_CODES) that carry it out. */
const PRICING_METHODS = [
  { name: 'Interchange plus', discounts: ['C'] },
  { name: 'Tiered', discounts: ['E', 'F', 'G', 'W01', 'W02', '3'] },
  { name: 'Flat rate', discounts: ['A'] },
] as const;

/**
 * The ownership type a legal name says: "Inc" and "Corp" a private corporation, "LLC" a private
 * LLC, a national bank ("N.A.") a public corporation. None of the book's businesses is a non-profit.
 */
export function organisationOf(legalName: string): 'D' | 'E' | 'M' {
  if (/\bN\.A\.$/.test(legalName)) return 'E';
  if (/\bLLC$/.test(legalName)) return 'M';
  if (/\b(Inc|Corp)$/.test(legalName)) return 'D';
  throw new Error(`no ownership type for ${legalName}`);
}

const FOREVER = '9999-12-31T23:59:59.000Z';
const SINCE = '2019-01-01T00:00:00.000Z';

function build() {
  const rnd = seededRandom(4242);
  const merchants: SimMerchant[] = [];
  const items: SimHierarchyItem[] = [];
  const contacts: SimContact[] = [];
  const entitlements: SimEntitlement[] = [];
  const fees: SimFee[] = [];
  let nextId = 0;
  let hierarchyId = 880001;
  let contactId = 660001;
  let entitlementId = 550001;
  let feeId = 440001;

  const mid = (id: number): string => `4445${String(id).padStart(8, '0')}`;
  const digits = (n: number): string => Array.from({ length: n }, () => rnd.int(0, 9)).join('');

  /** One tax id per legal entity: the outlets of a chain are the chain's company. */
  const taxIds = new Map<string, string>();

  function merchant(level: SimMerchant['level'], dba: string, legal: string, place: (typeof PLACES)[number], trade: Trade): SimMerchant {
    const merchantId = 700001 + nextId++;
    const org = organisationOf(legal);
    const taxId = taxIds.get(legal) ?? `${digits(2)}-${digits(7)}`;
    taxIds.set(legal, taxId);
    const pricing = rnd.pick(PRICING_METHODS);
    const m: SimMerchant = {
      merchantId,
      level,
      search: { mid: mid(merchantId), externalMerchantId: `EXT-${String(merchantId).slice(-5)}${rnd.pick(['A', 'B', 'C'])}`, dbaName: dba, city: place.city, state: place.state, zipCode: place.zip },
      record: {},
    };
    m.record = {
      merchantId,
      uniqueId: merchantId,
      externalMerchantId: m.search.externalMerchantId,
      taxId,
      ompSysId: `OMP${digits(6)}`,
      mid: m.search.mid,
      mccIso: trade.mcc,
      tradeName: dba,
      name: legal,
      businessType: trade.businessType,
      baseCurrencyCode: 'USD',
      description: `${dba} (${level === '120' ? 'outlet' : 'group'})`,
      multiCurrencyIndicator: rnd.pick(['N', 'N', 'N', 'D', 'I']),
      affiliateName: dba,
      rebateIndicator: rnd.pick(['B', 'N', 'C', 'Y']),
      // The discount options are the pricing method's own codes.
      discountFieldSchemeA: rnd.pick(pricing.discounts),
      discountFieldSchemeB: rnd.pick(pricing.discounts),
      discountFieldSchemeC: rnd.pick([...pricing.discounts, '(None)']),
      relationshipManagerCode: `RM${rnd.int(10, 99)}`,
      pricingMethod: pricing.name,
      autoBillingIndicator: rnd.pick(['S', 'A', 'P', 'Y', 'N']),
      seasonalIndicator: rnd.chance(0.1) ? 'Y' : 'N',
      businessWebsiteAddress: `https://www.${dba.toLowerCase().replace(/[^a-z]+/g, '')}.training.invalid`,
      // The spec names no lettered network (their labels are omitted): training uses the codes it names.
      primaryNetworkCode: ' ',
      secondaryNetworkCode: 'None',
      transactionKeyedPercent: String(rnd.int(0, 30)),
      schemeAAnnualVolume: String(rnd.int(10, 900) * 1000),
      schemeBAnnualVolume: String(rnd.int(5, 400) * 1000),
      // Only 03 (a third-party lease company) has a published name; the others name real companies.
      leaseCompanyCode: level === '120' && rnd.chance(0.5) ? '03' : '',
      abaNumber: digits(4),
      ddaNumber: digits(4),
      organisationType: org,
      emvIndicator: 'Y',
      schemeAAverageTicket: String(rnd.int(8, 120)),
      schemeBAverageTicket: String(rnd.int(8, 120)),
      customMerchantId: '',
      systemIndicator: '',
      internalMerchantId: '',
      leaseCompCode: '',
      sourceSystemId: '',
      subPlatformCode: '',
      bypassFiid: '',
      checkServiceContactPerson: '',
      checkServiceContactPhone: '',
    };
    merchants.push(m);
    return m;
  }

  const hq = PLACES[0]!;
  const bank = merchant('50', 'Training Bank Merchant Services', 'Training Bank N.A.', hq, TRADE.bank);
  const agents = [
    merchant('60', 'Prairie Payments Agency', 'Prairie Payments LLC', PLACES[3]!, TRADE.businessServices),
    merchant('60', 'Coastal Merchant Agents', 'Coastal Merchant Agents Inc', PLACES[4]!, TRADE.businessServices),
  ];
  const leadCorps = [0, 1, 2].map((i) =>
    merchant('90', `${['Midwest', 'Pacific', 'Atlantic'][i]} Retail Alliance`, `${['Midwest', 'Pacific', 'Atlantic'][i]} Retail Alliance Corp`, PLACES[i * 3]!, TRADE.generalRetail),
  );
  // Owners hold chains of several trades: their own record is that of a holding business.
  const owners = OWNERS.map((o, i) => merchant('40', o, `${o} LLC`, PLACES[i % PLACES.length]!, TRADE.holding));
  const chains = CHAINS.map((c, i) => ({
    m: merchant('100', c.name, `${c.name} Inc`, PLACES[(i * 5) % PLACES.length]!, c.trade),
    trade: c.trade,
    leadCorp: leadCorps[i % 3]!,
    owner: owners[i % owners.length]!,
    agent: agents[i % 2]!,
  }));

  const lvl = (ids: Array<SimMerchant | undefined>) => [
    ...ids.map((m) => (m ? { id: m.merchantId, number: m.search.mid } : { id: '' as const, number: '' })),
    { id: bank.merchantId, number: `BM${String(bank.merchantId).slice(-4)}` },
  ];
  const item = (m: SimMerchant, ids: Array<SimMerchant | undefined>, from = SINCE, to = FOREVER): void => {
    items.push({ hierarchyId: hierarchyId++, merchantId: m.merchantId, hierarchyLevel: m.level, dateFrom: from, dateTo: to, lvl: lvl(ids) });
  };
  // Groups have their own item, with the outlet level empty.
  item(bank, [undefined, undefined, undefined, undefined, bank, undefined]);
  for (const a of agents) item(a, [undefined, undefined, undefined, a, bank, undefined]);
  for (const [i, l] of leadCorps.entries()) item(l, [undefined, undefined, l, agents[i % 2], bank, undefined]);
  for (const o of owners) item(o, [undefined, undefined, undefined, undefined, bank, o]);
  for (const c of chains) item(c.m, [undefined, c.m, c.leadCorp, c.agent, bank, c.owner]);

  const outlets: SimMerchant[] = [];
  for (let i = 0; i < 150; i++) {
    const c = chains[i % chains.length]!;
    const place = PLACES[(i * 7 + 3) % PLACES.length]!;
    const street = `${rnd.int(10, 9999)} ${rnd.pick(STREETS)}`;
    const o = merchant('120', `${c.m.search.dbaName} #${Math.floor(i / chains.length) + 1}`, `${c.m.record.name as string}`, place, c.trade);
    outlets.push(o);
    if (i % 15 === 4) {
      // This outlet moved to another chain in mid-2024: two items, told apart by their dates.
      const before = chains[(i + 1) % chains.length]!;
      item(o, [o, before.m, before.leadCorp, before.agent, bank, before.owner], SINCE, '2024-06-30T23:59:59.000Z');
      item(o, [o, c.m, c.leadCorp, c.agent, bank, c.owner], '2024-07-01T00:00:00.000Z');
    } else {
      item(o, [o, c.m, c.leadCorp, c.agent, bank, c.owner]);
    }
    const person = { first: rnd.pick(['Avery', 'Jordan', 'Morgan', 'Riley', 'Casey', 'Quinn']), last: rnd.pick(['Nguyen', 'Patel', 'Garcia', 'Okafor', 'Larsen', 'Silva']) };
    const phone = `${rnd.int(200, 989)}-555-${String(rnd.int(100, 199)).padStart(4, '0')}`;
    const contact = (type: SimContact['contactType'], address: string, email: string): void => {
      contacts.push({
        contactId: contactId++,
        merchantId: o.merchantId,
        contactType: type,
        fields: {
          addressLine1: address,
          addressLine2: '',
          postalCode: place.zip,
          city: place.city,
          state: place.state,
          country: 'US',
          phoneNumber: phone,
          emailAddress: email,
          attentionToFirstName: '',
          attentionToLastName: '',
          firstName: type === 'STM' ? person.first : '',
          lastName: type === 'STM' ? person.last : '',
          fullName: type === 'STM' ? `${person.first} ${person.last}` : '',
          attentionToFullName: '',
        },
      });
    };
    contact('DBA', street, '');
    contact('BIL', rnd.chance(0.3) ? `PO Box ${rnd.int(100, 9999)}` : street, `billing@${o.search.dbaName.toLowerCase().replace(/[^a-z]+/g, '')}.training.invalid`);
    // A few outlets have no statement address: the lookup of that type answers "not found".
    if (i % 10 !== 7) contact('STM', street, `${person.first}.${person.last}@mail.training.invalid`.toLowerCase());

    // Card network products (01–04, 06–08) have no published label: training shows the products the spec names.
    const codes = ['05', '22', '26', '29', '31', '33', '48', '49', ...(FOOD_MCCS.has(c.trade.mcc) ? ['27'] : [])];
    const mine = [...new Set(['18', '32', ...Array.from({ length: rnd.int(1, 4) }, () => rnd.pick(codes))])];
    for (const code of mine) {
      const id = entitlementId++;
      entitlements.push({
        entitlementId: id,
        merchantId: o.merchantId,
        record: {
          recLoad: null, recUpdate: null, recDelete: null,
          entitlementId: id,
          allianceCode: rnd.pick(['AL01', 'AL02', '']),
          platformCode: rnd.pick(['FDN', 'FDS', 'FDM', 'OMA']),
          merchantId: o.merchantId,
          productCode: code,
          pricingPlanCode: rnd.pick(['PP100', 'PP210', 'PP305']),
          serviceTypeCode: rnd.pick(['A', 'D', 'F', 'F', 'F', 'K']),
          signedVolume: rnd.int(5, 500) * 1000,
          avgTicket: rnd.int(5, 150),
          alphaId: code === '26' ? `PC${rnd.int(100, 999)}` : '',
          uniqueId: id,
        },
      });
    }
    const FEE_KINDS = [
      ['MNTHLY', 'Monthly service fee', 'M', '9.95'], ['PCI', 'PCI program fee', 'M', '7.50'], ['STMT', 'Statement fee', 'M', '5.00'],
      ['CHRGBK', 'Chargeback fee', 'S', '25.00'], ['BATCH', 'Batch settlement fee', 'D', '0.25'], ['AVS', 'Address verification fee', 'S', '0.05'],
      ['ANNUAL', 'Annual fee', 'X', '79.00'], ['DEBIT', 'Debit network fee', 'B', '0.10'],
    ] as const;
    const count = rnd.int(4, 8);
    for (const [code, name, freq, retail] of FEE_KINDS.slice(0, count)) {
      const id = feeId++;
      fees.push({
        feeId: id,
        merchantId: o.merchantId,
        record: {
          feeId: id,
          merchId: null,
          platformCode: rnd.chance(0.2) ? null : rnd.pick(['FDN', 'FDS', 'OMA']),
          sequenceCode: code,
          sequenceType: code === 'DEBIT' ? 'A' : 'F',
          name,
          generalLedgerCode: `GL${rnd.int(1000, 9999)}`,
          updateIndicator: rnd.pick(['Y', 'N']),
          frequenceCode: freq,
          retailRate: retail,
          retailDate: '2025-01-01T00:00:00.000Z',
          wholesaleRate: Math.round(Number(retail) * 60) / 100,
          wholesaleDate: '2025-01-01T00:00:00.000Z',
          processingIndicator: rnd.pick(['1', '2', 'B', 'N', 'R']),
          globalNumber: `G${rnd.int(10, 99)}`,
          uniqueId: id,
        },
      });
    }
  }
  return { merchants, items, contacts, entitlements, fees, home: outlets[0]!.merchantId, bank: bank.merchantId };
}

export const MERCHANT_BOOK = build();
// home.ts names the first outlet without building the book; a change to the generator that moves it must move that id too.
if (MERCHANT_BOOK.home !== TRAINING_HOME_MERCHANT_ID) throw new Error(`training merchant book: the home outlet is ${MERCHANT_BOOK.home}, home.ts says ${TRAINING_HOME_MERCHANT_ID}`);
export { TRAINING_HOME_MERCHANT_ID };
