import { seededRandom } from './sim-http';

/**
 * The training catalogue: 240 products over eight categories with every part the interface
 * serves (details, pricing, features, includes, specs, recommended, FAQ, options) and leads of
 * four business consultants. Generated from a fixed seed: the same on every lane and run.
 * Suppliers and models are made up.
 */

export const TRAINING_COMPANY_ID = '1001';

export interface SimCategory {
  id: number;
  name: string;
  description: string;
  rank: number;
  image: string;
}

export interface SimPricing {
  id: number;
  purchaseType: string;
  defaultAmt: number;
  occurrence: string;
  purchaseTypeLabel: string;
  status: string;
}

export interface SimProduct {
  id: number;
  productId: number;
  productType: string;
  productName: string;
  supplierName: string;
  supplierProductName: string;
  productShortDescription: string;
  productLongDescription: string;
  showoncart: boolean;
  productWithOptions: boolean;
  pinPad: boolean;
  images: string[];
  categoryIds: number[];
  tags: string[];
  price: number;
  pricing: SimPricing[];
  features: string[];
  includes: number[];
  specs: Record<string, string[]>;
  recommended: number[];
  faq: Array<{ header: string; shortAnswer: string; url: string; sortId: number }>;
  options: number[];
  endDate: string;
}

export const CATEGORIES: SimCategory[] = [
  { id: 100, name: 'RETAIL', description: 'Retail', rank: 1, image: 'cat-retail' },
  { id: 101, name: 'RESTAURANT', description: 'Restaurant', rank: 2, image: 'cat-restaurant' },
  { id: 102, name: 'MOTO', description: 'Mail and telephone order', rank: 3, image: 'cat-moto' },
  { id: 103, name: 'ECOMMERCE', description: 'E-commerce', rank: 4, image: 'cat-ecommerce' },
  { id: 104, name: 'PETROLEUM', description: 'Petroleum', rank: 5, image: 'cat-petroleum' },
  { id: 105, name: 'HEALTHCARE', description: 'Healthcare', rank: 6, image: 'cat-healthcare' },
  { id: 106, name: 'SERVICES', description: 'Professional services', rank: 7, image: 'cat-services' },
  { id: 107, name: 'LODGING', description: 'Lodging', rank: 8, image: 'cat-lodging' },
];

interface TypePlan {
  /** productType as the simulated service spells it (some terminals use the variant spellings). */
  types: string[];
  count: number;
  nouns: string[];
  categories: number[];
  price: [number, number];
  hardware: boolean;
  fee?: 'once' | 'monthly' | 'per-item';
}

const PLANS: TypePlan[] = [
  { types: ['TERM', 'TERM', 'TERM', 'Terminal', 'ITERM'], count: 40, nouns: ['Countertop Terminal', 'Wireless Terminal', 'Smart Terminal', 'Mobile Terminal', 'Integrated Terminal'], categories: [100, 101, 105, 106, 107], price: [199, 899], hardware: true },
  { types: ['PINPAD'], count: 25, nouns: ['PIN Pad', 'Contactless PIN Pad', 'Signature PIN Pad'], categories: [100, 101, 104, 105], price: [89, 349], hardware: true },
  { types: ['CHKRDR'], count: 15, nouns: ['Check Reader', 'Check Scanner', 'MICR Check Reader'], categories: [100, 106, 105], price: [149, 599], hardware: true },
  { types: ['PRNTR'], count: 15, nouns: ['Receipt Printer', 'Kitchen Printer', 'Thermal Printer'], categories: [100, 101, 107], price: [129, 449], hardware: true },
  { types: ['CABLES'], count: 15, nouns: ['USB Cable', 'Ethernet Cable', 'Serial Cable', 'Power Cable'], categories: [100, 101, 102, 104, 105, 106, 107], price: [9, 39], hardware: true },
  { types: ['PP_CABLES'], count: 10, nouns: ['PIN Pad Cable', 'PIN Pad Y-Cable'], categories: [100, 101, 104], price: [12, 45], hardware: true },
  { types: ['STAND'], count: 10, nouns: ['Swivel Stand', 'Counter Mount', 'Tilt Stand'], categories: [100, 101, 105], price: [39, 149], hardware: true },
  { types: ['Power_Sup'], count: 10, nouns: ['Power Supply', 'Charging Base'], categories: [100, 101, 104, 105, 106, 107], price: [19, 79], hardware: true },
  { types: ['ACCES'], count: 15, nouns: ['Paper Rolls (50)', 'Privacy Shield', 'Carrying Case', 'Battery Pack', 'Card Cleaning Kit'], categories: [100, 101, 102, 105, 106, 107], price: [6, 69], hardware: true },
  { types: ['SOFT'], count: 15, nouns: ['Point of Sale Software', 'Inventory Software', 'Loyalty Software', 'Reporting Suite'], categories: [100, 101, 103, 106], price: [0, 49], hardware: false, fee: 'monthly' },
  { types: ['INET_HOST'], count: 8, nouns: ['Hosted Payment Page', 'Hosted Gateway'], categories: [102, 103], price: [10, 30], hardware: false, fee: 'monthly' },
  { types: ['INET_MISC'], count: 6, nouns: ['Gateway Tokenization', 'Gateway Fraud Filter'], categories: [102, 103], price: [5, 20], hardware: false, fee: 'monthly' },
  { types: ['REG'], count: 8, nouns: ['Electronic Cash Register', 'POS Register'], categories: [100, 101], price: [299, 1299], hardware: true },
  { types: ['GAS'], count: 8, nouns: ['Outdoor Payment Terminal', 'Fuel Controller', 'Pump Card Reader'], categories: [104], price: [899, 2999], hardware: true },
  { types: ['IMP'], count: 5, nouns: ['Manual Imprinter', 'Flatbed Imprinter'], categories: [100, 107], price: [29, 89], hardware: true },
  { types: ['SATBUNDLE'], count: 5, nouns: ['Satellite Network Bundle', 'Cellular Network Bundle'], categories: [104, 106], price: [25, 60], hardware: false, fee: 'monthly' },
  { types: ['APP_FEE'], count: 5, nouns: ['Application Fee'], categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [0, 99], hardware: false, fee: 'once' },
  { types: ['MO_FEE'], count: 8, nouns: ['Monthly Service Fee', 'Monthly PCI Program Fee', 'Monthly Statement Fee', 'Monthly Minimum'], categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [5, 25], hardware: false, fee: 'monthly' },
  { types: ['NET_FEE'], count: 6, nouns: ['Per-Item Fee', 'Batch Fee', 'Address Verification Fee'], categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [0.05, 0.3], hardware: false, fee: 'per-item' },
  { types: ['SETUP_FEE'], count: 5, nouns: ['Merchant Set-up Fee', 'Programming Fee'], categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [25, 149], hardware: false, fee: 'once' },
  { types: ['OTHER'], count: 6, nouns: ['Training Session', 'On-site Installation', 'Extended Warranty'], categories: [100, 101, 104, 105, 106, 107], price: [49, 199], hardware: false, fee: 'once' },
];

const SUPPLIERS = [
  { name: 'Northwind Devices', prefix: 'NW' },
  { name: 'Keystone Payments', prefix: 'KP' },
  { name: 'Halcyon Systems', prefix: 'HS' },
  { name: 'Brightline POS', prefix: 'BL' },
  { name: 'Meridian Check Solutions', prefix: 'MC' },
  { name: 'Orbit Software', prefix: 'OS' },
  { name: 'Pioneer Fuel Systems', prefix: 'PF' },
];

const FEATURE_LINES: Record<string, string[]> = {
  hardware: [
    'Accepts magnetic stripe, chip and contactless cards',
    'PCI PTS approved',
    'Bright colour touch screen readable in daylight',
    'Ethernet, Wi-Fi and cellular connectivity',
    'Built-in thermal printer with easy paper loading',
    'Tamper-evident casing',
    'Backlit keypad for low light',
    'Two-year manufacturer warranty',
    'Battery lasts a full shift',
    'Quick-swap cable management',
  ],
  service: [
    'Set up by our onboarding team',
    'Reports by e-mail every day',
    'Works with every terminal in the catalogue',
    'Cancel any time after the first term',
    'Support by phone every day of the year',
    'Funds deposited next business day',
  ],
};

const LEASE_CODES = ['LT12', 'LT24', 'LT36', 'LT48', 'LT60'];
const INSTALLMENT_CODES = ['IP3', 'IP6', 'IP9', 'IP12'];
const PER_CODE_LABELS: Record<string, string> = {
  IP3: '3 Month Installment', IP6: '6 Month Installment', IP9: '9 Month Installment', IP12: '12 Month Installment',
  LR: 'Lease Rental', LT12: '12 Month Lease', LT24: '24 Month Lease', LT27: '27 Month Lease', LT36: '36 Month Lease',
  LT48: '48 Month Lease', LT60: '60 Month Lease', O: 'Owned', P: 'Purchased', R: 'Rent', RP: 'Re-program', S: 'Swap', SR: 'Short Term Rental',
};
const GENERIC: Record<string, string> = { IP: 'Installment', LT: 'Lease', LR: 'Lease', R: 'Rental', SR: 'Rental', P: 'Purchased' };

const round2 = (n: number): number => Math.round(n * 100) / 100;

function buildProducts(): SimProduct[] {
  const rnd = seededRandom(20261122);
  const products: SimProduct[] = [];
  let n = 0;
  const byType = new Map<string, number[]>();
  for (const plan of PLANS) {
    for (let i = 0; i < plan.count; i++) {
      const productId = 5001 + n;
      const type = plan.types[i % plan.types.length] as string;
      const supplier = plan.types[0] === 'GAS' ? SUPPLIERS[6]! : plan.types[0] === 'CHKRDR' ? SUPPLIERS[4]! : plan.hardware ? SUPPLIERS[i % 4]! : SUPPLIERS[5]!;
      const noun = plan.nouns[i % plan.nouns.length] as string;
      const model = `${supplier.prefix}-${(100 + i * 7 + n) % 1000}`;
      const [lo, hi] = plan.price;
      const price = plan.fee === 'per-item' ? round2(lo + rnd.next() * (hi - lo)) : Math.round(lo + rnd.next() * (hi - lo)) + (plan.hardware ? 0.99 : 0);
      const pricing: SimPricing[] = [];
      let pid = productId * 10;
      const add = (code: string, amount: number, occurrence: string): void => {
        const perCode = rnd.chance(0.5);
        const generic = GENERIC[code.replace(/\d+$/, '')] ?? PER_CODE_LABELS[code] ?? code;
        pricing.push({ id: pid++, purchaseType: code, defaultAmt: round2(amount), occurrence, purchaseTypeLabel: perCode ? (PER_CODE_LABELS[code] ?? code) : generic, status: 'A' });
      };
      // The documented spelling and the one seen in responses both occur.
      const once = (): string => (rnd.chance(0.25) ? 'Onetime_Product' : 'OneTime_Products');
      if (plan.hardware) {
        add('P', price, once());
        for (const code of LEASE_CODES) if (rnd.chance(0.45) && price > 100) add(code, (price / Number(code.slice(2))) * 1.35, 'Recurring');
        if (price > 150) add(rnd.pick(INSTALLMENT_CODES), price / 6, 'Recurring');
        if (rnd.chance(0.3)) add('R', Math.max(5, price / 20), 'Recurring');
        if (rnd.chance(0.2)) add('SR', Math.max(5, price / 15), 'Recurring');
        if (type !== 'CABLES' && rnd.chance(0.3)) add('O', 0, once());
        if (rnd.chance(0.2)) add('RP', 49, once());
      } else if (plan.fee === 'once') {
        add('P', price, once());
      } else {
        add('P', price, 'Recurring');
      }
      const categories = [...new Set([plan.categories[i % plan.categories.length] as number, ...(rnd.chance(0.5) ? [rnd.pick(plan.categories)] : [])])].sort();
      const pairs = plan.hardware ? rnd.int(1, 3) : rnd.int(0, 1);
      const features = [...(plan.hardware ? FEATURE_LINES.hardware! : FEATURE_LINES.service!)].sort(() => rnd.next() - 0.5).slice(0, rnd.int(3, 6));
      const name = `${supplier.prefix} ${model.split('-')[1]} ${noun}`;
      const p: SimProduct = {
        id: 90001 + n,
        productId,
        productType: type,
        productName: name,
        supplierName: supplier.name,
        supplierProductName: `${model} ${noun.toUpperCase()}`,
        productShortDescription: `${noun} from ${supplier.name}.`,
        productLongDescription: `The ${name} is a ${noun.toLowerCase()} for ${categories
          .map((c) => CATEGORIES.find((x) => x.id === c)?.description.toLowerCase())
          .join(' and ')} merchants. ${features.join('. ')}.`,
        showoncart: !plan.fee || plan.fee === 'once',
        productWithOptions: false,
        pinPad: (type === 'TERM' || type === 'Terminal' || type === 'ITERM') && rnd.chance(0.4),
        images: Array.from({ length: pairs }, (_, k) => `p${productId}-${k + 1}.png`),
        categoryIds: categories,
        tags: [noun.split(' ').at(-1)!.toLowerCase(), supplier.prefix.toLowerCase(), ...(plan.hardware ? ['hardware'] : ['service'])],
        price,
        pricing,
        features,
        includes: [],
        specs: {},
        recommended: [],
        faq: [],
        options: [],
        endDate: `${2027 + (n % 3)}-12-31`,
      };
      if (plan.hardware) {
        p.specs = {
          Memory: [`${2 ** rnd.int(8, 12)} MB RAM`, `${2 ** rnd.int(9, 13)} MB flash`],
          Display: [`${rnd.int(2, 8)}.${rnd.int(0, 9)} inch ${rnd.chance(0.6) ? 'colour touch' : 'monochrome'} display`],
          Connectivity: [rnd.pick(['Ethernet', 'Ethernet, Wi-Fi', 'Wi-Fi, 4G', 'USB, serial'])],
          Dimensions: [`${rnd.int(80, 220)} x ${rnd.int(60, 120)} x ${rnd.int(30, 90)} mm`, `${rnd.int(150, 900)} g`],
        };
      }
      products.push(p);
      const kind = ['Terminal', 'ITERM'].includes(type) ? 'TERM' : type;
      byType.set(kind, [...(byType.get(kind) ?? []), productId]);
      n++;
    }
  }
  const ids = (kind: string): number[] => byType.get(kind) ?? [];
  for (const p of products) {
    const kind = ['Terminal', 'ITERM'].includes(p.productType) ? 'TERM' : p.productType;
    if (kind === 'TERM' || kind === 'REG' || kind === 'GAS') {
      p.includes = [rnd.pick(ids('Power_Sup')), rnd.pick(ids('CABLES'))];
      p.recommended = [rnd.pick(ids('PINPAD')), rnd.pick(ids('PRNTR')), rnd.pick(ids('CHKRDR'))];
      p.productWithOptions = true;
      p.options = [rnd.pick(ids('STAND')), rnd.pick(ids('ACCES')), rnd.pick(ids('SOFT'))];
    } else if (kind === 'PINPAD') {
      p.includes = [rnd.pick(ids('PP_CABLES'))];
      p.recommended = [rnd.pick(ids('STAND'))];
    } else if (kind === 'CHKRDR') {
      p.includes = [rnd.pick(ids('CABLES'))];
      p.recommended = [rnd.pick(ids('SOFT'))];
    }
    const topic = p.productName;
    p.faq = [
      { header: `How long does delivery of the ${topic} take?`, shortAnswer: 'Usually three to five business days after the merchant is approved.', url: `https://help.training.invalid/faq/${p.productId}/delivery`, sortId: 2 },
      { header: `Can I return the ${topic}?`, shortAnswer: 'Purchased equipment can be returned unused within 30 days; leases follow their agreement.', url: `https://help.training.invalid/faq/${p.productId}/returns`, sortId: 3 },
      { header: 'Who do I call for support?', shortAnswer: 'The support line printed on the quick-start card answers every day.', url: `https://help.training.invalid/faq/${p.productId}/support`, sortId: 1 },
    ].slice(0, rnd.int(2, 3));
  }
  return products;
}

export const PRODUCTS: readonly SimProduct[] = buildProducts();
export const PRODUCTS_BY_ID = new Map(PRODUCTS.map((p) => [p.productId, p]));

/**
 * A catalogue of `count` products for benchmarks (training mode always serves PRODUCTS): the
 * training products first, then copies of them named "… series N" with ids of their own. Copies
 * keep the originals' pictures and related products, which stay in the catalogue.
 */
export function scaledCatalogue(count: number): SimProduct[] {
  const out: SimProduct[] = [];
  for (let i = 0; out.length < count; i++) {
    const p = PRODUCTS[i % PRODUCTS.length]!;
    const round = Math.floor(i / PRODUCTS.length);
    // Ids stay apart: the training ids span fewer than 1000 numbers.
    out.push(round === 0 ? p : {
      ...p,
      id: p.id + round * 1000,
      productId: p.productId + round * 1000,
      productName: `${p.productName} series ${round}`,
      supplierProductName: `${p.supplierProductName} R${round}`,
    });
  }
  return out;
}

export const SPONSORS = [
  { sponsorId: 71, sponsorName: 'Training Bank Equipment Program', createdBy: 'system', billingName: 'Training Bank', billingEmail: 'equipment@bank.training.invalid', addressLineOne: '1 Market Square', addressLineTwo: null, city: 'Springfield', state: 'IL', zip: '62701', country: 'US', phone: '217-555-0100' },
  { sponsorId: 72, sponsorName: 'Halcyon Partner Offer', createdBy: 'system', billingName: 'Halcyon Systems', billingEmail: 'partners@halcyon.training.invalid', addressLineOne: '400 Harbor Blvd', addressLineTwo: 'Suite 12', city: 'Portland', state: 'OR', zip: '97201', country: 'US', phone: '503-555-0142' },
];

export interface SimLead {
  Identifier: string;
  identifier: string;
  createdDate: string;
  emailAddress: string;
  companyName: string;
  status: string;
  leadStatus: string;
  ownerFirstName: string;
  ownerMiddleInitial: string;
  ownerLastName: string;
  ownerStreetAddress: string;
  ownerCity: string;
  ownerState: string;
  ownerZip: string;
  phone: string;
  leadType: string;
  annualVolume: string;
  bankId: string;
  actionType: string;
  recordType: string;
  opportunityId: string;
  linkBackId: string;
  businessConsultantAMAId: string;
  dealId: string;
  uid: string;
  orderId: string;
  businessConsultantId: string;
}

export const CONSULTANTS = [
  { id: 'BC1001', ama: 'AMA-55101', name: 'Dana Whitfield' },
  { id: 'BC1002', ama: 'AMA-55102', name: 'Luis Ortega' },
  { id: 'BC1003', ama: 'AMA-55103', name: 'Priya Raman' },
  { id: 'BC1004', ama: 'AMA-55104', name: 'Tom Becker' },
];

export const TRAINING_LEAD_DEFAULTS = {
  businessConsultantId: 'BC1001',
  fields: {
    actionType: 'Create',
    recordType: 'Merchant',
    bankId: 'TB-0042',
    campaign_id: 'TRAINING-2026',
    referenceType: 'LeadSystem',
    businessConsultantAMAId: 'AMA-55101',
    leadType: 'Self Sourced',
    country: 'US',
  },
};

const FIRST = ['Avery', 'Jordan', 'Morgan', 'Riley', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Emerson', 'Sage', 'Parker', 'Reese'];
const LAST = ['Nguyen', 'Patel', 'Garcia', 'Kowalski', 'Okafor', 'Larsen', 'Haddad', 'Moreau', 'Silva', 'Fischer', 'Kim', 'Brennan'];
const BUSINESS = ['Bakery', 'Hardware', 'Florist', 'Bistro', 'Dental Care', 'Auto Repair', 'Pet Supply', 'Books', 'Coffee House', 'Cycle Shop', 'Deli', 'Salon'];
const STREETS = ['Maple St', 'Oak Ave', 'Main St', 'Cedar Rd', 'Lakeview Dr', 'Mill Rd', 'Elm St', 'Harbor Way'];
export const PLACES = [
  { city: 'Springfield', state: 'IL', zip: '62701' },
  { city: 'Madison', state: 'WI', zip: '53703' },
  { city: 'Columbus', state: 'OH', zip: '43215' },
  { city: 'Portland', state: 'OR', zip: '97205' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Raleigh', state: 'NC', zip: '27601' },
  { city: 'Denver', state: 'CO', zip: '80202' },
  { city: 'Burlington', state: 'VT', zip: '05401' },
];

function buildLeads(): SimLead[] {
  const rnd = seededRandom(1122);
  const leads: SimLead[] = [];
  let n = 0;
  for (const bc of CONSULTANTS) {
    const count = rnd.int(5, 9);
    for (let i = 0; i < count; i++) {
      const first = rnd.pick(FIRST);
      const last = rnd.pick(LAST);
      const place = rnd.pick(PLACES);
      const company = `${last} ${rnd.pick(BUSINESS)}`;
      const id = `00Q${String(700000 + n).padStart(9, '0')}`;
      const created = new Date(Date.UTC(2026, rnd.int(0, 9), rnd.int(1, 28), rnd.int(8, 18), rnd.int(0, 59)));
      const status = rnd.pick(['New', 'Working', 'Qualified', 'Converted', 'Closed - Not Converted']);
      leads.push({
        Identifier: id,
        identifier: id,
        createdDate: created.toISOString(),
        emailAddress: `${first}.${last}@mail.training.invalid`.toLowerCase(),
        companyName: company,
        status,
        leadStatus: status,
        ownerFirstName: first,
        ownerMiddleInitial: String.fromCharCode(65 + rnd.int(0, 25)),
        ownerLastName: last,
        ownerStreetAddress: `${rnd.int(10, 9999)} ${rnd.pick(STREETS)}`,
        ownerCity: place.city,
        ownerState: place.state,
        ownerZip: place.zip,
        phone: `${rnd.int(200, 989)}-555-${String(rnd.int(100, 199)).padStart(4, '0')}`,
        leadType: rnd.pick(['Bank Referral', 'Self Sourced', 'Merchant Refer A Friend']),
        annualVolume: String(rnd.int(5, 400) * 5000),
        bankId: 'TB-0042',
        actionType: 'Create',
        recordType: 'Merchant',
        opportunityId: status === 'Converted' ? `006${String(500000 + n).padStart(9, '0')}` : '',
        linkBackId: '',
        businessConsultantAMAId: bc.ama,
        dealId: status === 'Converted' || status === 'Qualified' ? `D-${30000 + n}` : '',
        uid: `seed-${bc.id}-${i + 1}`,
        orderId: rnd.chance(0.5) ? `ord_${(0x9e3779b1 * (n + 1)).toString(16).slice(-10)}` : '',
        businessConsultantId: bc.id,
      });
      n++;
    }
  }
  return leads;
}

export const SEED_LEADS: readonly SimLead[] = buildLeads();
