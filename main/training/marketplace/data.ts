import type { PictureKind } from './png';
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

/**
 * One noun of a product kind, with what such a product is: how it connects, its specifications
 * and its features, so the description, the specs and the features say the same thing.
 */
interface Noun {
  noun: string;
  /** Its Connectivity spec (devices) or Connectors (cables): every link word the text uses is here. */
  links?: string;
  /** Categories it is sold in, when narrower than its kind's (a kitchen printer is for restaurants). */
  categories?: number[];
  specs?: Record<string, string[]>;
  features: string[];
  /** A debit PIN pad comes with it (the spec's `pinPad`). */
  pinPad?: boolean;
}

interface TypePlan {
  /** productType as the simulated service spells it (some terminals use the variant spellings). */
  types: string[];
  count: number;
  nouns: Noun[];
  categories: number[];
  price: [number, number];
  hardware: boolean;
  fee?: 'once' | 'monthly' | 'per-item';
  /** Programmable equipment: can be re-programmed (RP) and leased, rented or owned. */
  device?: boolean;
}

const CARDS = 'Accepts magnetic stripe, chip and contactless cards';
const PTS = 'PCI PTS approved';
const WARRANTY = 'Two-year manufacturer warranty';

/** The connectivity words a text may use; each one used must be in the product's specs. */
export const LINK_WORDS = ['Ethernet', 'Wi-Fi', '4G', 'cellular', 'USB', 'serial', 'Bluetooth', 'satellite'] as const;

const links = (list: string): string => `Connects by ${list.replace(/, ([^,]+)$/, ' and $1')}`;

const PLANS: TypePlan[] = [
  {
    types: ['TERM', 'TERM', 'TERM', 'Terminal', 'ITERM'], count: 40, categories: [100, 101, 105, 106, 107], price: [199, 899], hardware: true, device: true,
    nouns: [
      { noun: 'Countertop Terminal', links: 'Ethernet, USB', specs: { Printer: ['Built-in thermal, 58 mm'] }, features: [CARDS, PTS, 'Built-in thermal printer with easy paper loading', 'Tamper-evident casing', WARRANTY] },
      { noun: 'Wireless Terminal', links: 'Wi-Fi, Bluetooth', specs: { Printer: ['Built-in thermal, 58 mm'], Battery: ['2600 mAh, a full shift'] }, features: [CARDS, PTS, 'Battery lasts a full shift', 'Built-in thermal printer with easy paper loading', WARRANTY] },
      { noun: 'Smart Terminal', links: 'Ethernet, Wi-Fi', pinPad: true, specs: { Printer: ['Built-in thermal, 80 mm'] }, features: [CARDS, PTS, 'Runs the catalogue\'s point of sale apps', 'Comes with a debit PIN pad for the customer', WARRANTY] },
      { noun: 'Mobile Terminal', links: 'Wi-Fi, 4G', specs: { Battery: ['3000 mAh, a full shift'] }, features: [CARDS, PTS, 'Battery lasts a full shift', 'Takes payments at the table or the door', WARRANTY] },
      { noun: 'Integrated Terminal', links: 'USB, serial', pinPad: true, features: [CARDS, PTS, 'Works with the register\'s own software', 'Comes with a debit PIN pad for the customer', 'Tamper-evident casing'] },
    ],
  },
  {
    types: ['PINPAD'], count: 25, categories: [100, 101, 104, 105], price: [89, 349], hardware: true, device: true,
    nouns: [
      { noun: 'PIN Pad', links: 'USB, serial', features: ['Accepts magnetic stripe and chip cards', PTS, 'Backlit keypad for low light', 'Tamper-evident casing'] },
      { noun: 'Contactless PIN Pad', links: 'USB, Ethernet', features: [CARDS, PTS, 'Backlit keypad for low light', WARRANTY] },
      { noun: 'Signature PIN Pad', links: 'USB, serial', specs: { Signature: ['Stylus on the colour screen'] }, features: ['Accepts magnetic stripe and chip cards', PTS, 'Captures the signature on screen', WARRANTY] },
    ],
  },
  {
    types: ['CHKRDR'], count: 15, categories: [100, 106, 105], price: [149, 599], hardware: true, device: true,
    nouns: [
      { noun: 'Check Reader', links: 'USB, serial', specs: { Reading: ['MICR line, E-13B'] }, features: ['Reads the MICR line of a check in one pass', 'Compact enough for a busy counter'] },
      { noun: 'Check Scanner', links: 'USB', specs: { Reading: ['MICR line, E-13B', 'Front and back images, 200 dpi'] }, features: ['Reads the MICR line of a check in one pass', 'Scans both sides of the check for deposit'] },
      { noun: 'MICR Check Reader', links: 'serial', specs: { Reading: ['MICR line, E-13B'] }, features: ['Reads the MICR line of a check in one pass', 'Works with older registers'] },
    ],
  },
  {
    types: ['PRNTR'], count: 15, categories: [100, 101, 107], price: [129, 449], hardware: true, device: true,
    nouns: [
      { noun: 'Receipt Printer', links: 'USB, serial', specs: { Printing: ['Thermal, 80 mm paper, 250 mm/s', 'Automatic cutter'] }, features: ['Prints a receipt in under a second', 'Easy paper loading', WARRANTY] },
      { noun: 'Kitchen Printer', links: 'Ethernet', categories: [101, 107], specs: { Printing: ['Impact, 76 mm paper, two colours'] }, features: ['Impact printing stays legible near the heat of a kitchen', 'Prints urgent lines in red', WARRANTY] },
      { noun: 'Thermal Printer', links: 'USB, Ethernet', specs: { Printing: ['Thermal, 80 mm paper, 300 mm/s', 'Automatic cutter'] }, features: ['Prints a receipt in under a second', 'Easy paper loading', WARRANTY] },
    ],
  },
  {
    types: ['CABLES'], count: 15, categories: [100, 101, 102, 104, 105, 106, 107], price: [9, 39], hardware: true,
    nouns: [
      { noun: 'USB Cable', links: 'USB-A to USB-B', specs: { Length: ['1.8 m'] }, features: ['Shielded against interference', 'Connects a printer or reader to the register'] },
      { noun: 'Ethernet Cable', links: 'RJ45 Ethernet, both ends', specs: { Length: ['3 m'] }, features: ['Category 6, shielded', 'Connects a terminal to the network'] },
      { noun: 'Serial Cable', links: 'DB9 serial, both ends', specs: { Length: ['1.8 m'] }, features: ['Shielded against interference', 'Connects a check reader or PIN pad to the register'] },
      { noun: 'Power Cable', links: 'IEC C13 to mains plug', specs: { Length: ['1.8 m'] }, features: ['Fits the catalogue\'s power supplies'] },
    ],
  },
  {
    types: ['PP_CABLES'], count: 10, categories: [100, 101, 104], price: [12, 45], hardware: true,
    nouns: [
      { noun: 'PIN Pad Cable', links: 'USB-A to PIN pad RJ45', specs: { Length: ['2 m'] }, features: ['Connects the PIN pad to the terminal'] },
      { noun: 'PIN Pad Y-Cable', links: 'USB-A and power to PIN pad RJ45', specs: { Length: ['2 m'] }, features: ['Connects the PIN pad and powers it from one socket'] },
    ],
  },
  {
    types: ['STAND'], count: 10, categories: [100, 101, 105], price: [39, 149], hardware: true,
    nouns: [
      { noun: 'Swivel Stand', features: ['Turns 360 degrees to face the customer', 'Locks the device in place'] },
      { noun: 'Counter Mount', features: ['Screws to the counter', 'Locks the device in place'] },
      { noun: 'Tilt Stand', features: ['Tilts from 0 to 45 degrees', 'Locks the device in place'] },
    ],
  },
  {
    types: ['Power_Sup'], count: 10, categories: [100, 101, 104, 105, 106, 107], price: [19, 79], hardware: true,
    nouns: [
      { noun: 'Power Supply', specs: { Output: ['12 V DC, 2 A'] }, features: ['Fits the catalogue\'s terminals and printers', 'Over-current protection'] },
      { noun: 'Charging Base', specs: { Output: ['5 V DC, 3 A'] }, features: ['Charges a mobile terminal and a spare battery', 'Over-current protection'] },
    ],
  },
  {
    types: ['ACCES'], count: 15, categories: [100, 101, 102, 105, 106, 107], price: [6, 69], hardware: true,
    nouns: [
      { noun: 'Paper Rolls (50)', specs: { Paper: ['Thermal, 80 mm x 80 m, 50 rolls'] }, features: ['Fits the catalogue\'s receipt printers', 'Free of BPA'] },
      { noun: 'Privacy Shield', features: ['Hides the PIN from onlookers', 'Clips onto the PIN pad'] },
      { noun: 'Carrying Case', features: ['Padded for a mobile terminal', 'Belt clip'] },
      { noun: 'Battery Pack', specs: { Battery: ['Lithium-ion, 2600 mAh'] }, features: ['A spare battery for a wireless terminal'] },
      { noun: 'Card Cleaning Kit', specs: { Contents: ['20 cleaning cards'] }, features: ['Cleans the card slot and stripe reader'] },
    ],
  },
  {
    types: ['SOFT'], count: 15, categories: [100, 101, 103, 106], price: [0, 49], hardware: false, fee: 'monthly',
    nouns: ['Point of Sale Software', 'Inventory Software', 'Loyalty Software', 'Reporting Suite'].map((noun) => ({
      noun, features: ['Set up by our onboarding team', 'Reports by e-mail every day', 'Works with every terminal in the catalogue', 'Cancel any time after the first term', 'Support by phone every day of the year'],
    })),
  },
  {
    types: ['INET_HOST'], count: 8, categories: [102, 103], price: [10, 30], hardware: false, fee: 'monthly',
    nouns: ['Hosted Payment Page', 'Hosted Gateway'].map((noun) => ({ noun, features: ['Takes card payments on your web site', 'Funds deposited next business day', 'Support by phone every day of the year'] })),
  },
  {
    types: ['INET_MISC'], count: 6, categories: [102, 103], price: [5, 20], hardware: false, fee: 'monthly',
    nouns: [
      { noun: 'Gateway Tokenization', features: ['Keeps card numbers off your systems', 'Works with the hosted gateway'] },
      { noun: 'Gateway Fraud Filter', features: ['Holds suspicious payments for review', 'Works with the hosted gateway'] },
    ],
  },
  {
    types: ['REG'], count: 8, categories: [100, 101], price: [299, 1299], hardware: true, device: true,
    nouns: [
      { noun: 'Electronic Cash Register', links: 'USB, serial', specs: { Printer: ['Built-in thermal, 58 mm'], Drawer: ['5 notes, 8 coins'] }, features: ['Cash drawer with five note slots', 'Built-in thermal printer with easy paper loading', WARRANTY] },
      { noun: 'POS Register', links: 'Ethernet, Wi-Fi', specs: { Drawer: ['5 notes, 8 coins'] }, features: ['Cash drawer with five note slots', 'Runs the catalogue\'s point of sale apps', WARRANTY] },
    ],
  },
  {
    types: ['GAS'], count: 8, categories: [104], price: [899, 2999], hardware: true, device: true,
    nouns: [
      { noun: 'Outdoor Payment Terminal', links: 'Ethernet, 4G', features: [CARDS, PTS, 'Weatherproof casing for the forecourt', 'Screen readable in daylight'] },
      { noun: 'Fuel Controller', links: 'Ethernet, serial', features: ['Runs every pump of the forecourt from the counter', 'Works with the outdoor payment terminal'] },
      { noun: 'Pump Card Reader', links: 'serial', features: ['Accepts magnetic stripe and chip cards', PTS, 'Weatherproof casing for the forecourt'] },
    ],
  },
  {
    types: ['IMP'], count: 5, categories: [100, 107], price: [29, 89], hardware: true,
    nouns: ['Manual Imprinter', 'Flatbed Imprinter'].map((noun) => ({ noun, features: ['Takes a card imprint on a paper slip when the terminal is down', 'Needs no power'] })),
  },
  {
    types: ['SATBUNDLE'], count: 5, categories: [104, 106], price: [25, 60], hardware: false, fee: 'monthly',
    nouns: [
      { noun: 'Satellite Network Bundle', links: 'satellite', features: ['Works where there is no wired internet', 'Connects by satellite'] },
      { noun: 'Cellular Network Bundle', links: '4G cellular', features: ['Keeps payments going when the wired line is down', 'Connects by 4G cellular'] },
    ],
  },
  {
    types: ['APP_FEE'], count: 5, categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [0, 99], hardware: false, fee: 'once',
    nouns: [{ noun: 'Application Fee', features: ['Charged once when the application is made', 'Shown on the first statement'] }],
  },
  {
    types: ['MO_FEE'], count: 8, categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [5, 25], hardware: false, fee: 'monthly',
    nouns: ['Monthly Service Fee', 'Monthly PCI Program Fee', 'Monthly Statement Fee', 'Monthly Minimum'].map((noun) => ({ noun, features: ['Charged every month', 'Shown on the monthly statement'] })),
  },
  {
    types: ['NET_FEE'], count: 6, categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [0.05, 0.3], hardware: false, fee: 'per-item',
    nouns: ['Per-Item Fee', 'Batch Fee', 'Address Verification Fee'].map((noun) => ({ noun, features: ['Charged on each item', 'Shown on the monthly statement'] })),
  },
  {
    types: ['SETUP_FEE'], count: 5, categories: [100, 101, 102, 103, 104, 105, 106, 107], price: [25, 149], hardware: false, fee: 'once',
    nouns: ['Merchant Set-up Fee', 'Programming Fee'].map((noun) => ({ noun, features: ['Charged once when the account opens', 'Shown on the first statement'] })),
  },
  {
    types: ['OTHER'], count: 6, categories: [100, 101, 104, 105, 106, 107], price: [49, 199], hardware: false, fee: 'once',
    nouns: [
      { noun: 'Training Session', features: ['A trainer shows your staff every step at the counter', 'Two hours, at your store'] },
      { noun: 'On-site Installation', features: ['A technician sets up and tests the equipment at your store'] },
      { noun: 'Extended Warranty', features: ['Adds two years to the manufacturer warranty', 'Replacement shipped next business day'] },
    ],
  },
];

const SUPPLIERS = {
  devices: [
    { name: 'Northwind Devices', prefix: 'NW' },
    { name: 'Keystone Payments', prefix: 'KP' },
    { name: 'Halcyon Systems', prefix: 'HS' },
    { name: 'Brightline POS', prefix: 'BL' },
  ],
  checks: { name: 'Meridian Check Solutions', prefix: 'MC' },
  software: { name: 'Orbit Software', prefix: 'OS' },
  fuel: { name: 'Pioneer Fuel Systems', prefix: 'PF' },
  /** Fees, network bundles and services are the acquiring bank's own. */
  bank: { name: 'Training Bank Merchant Services', prefix: 'TB' },
};

function supplierOf(plan: TypePlan, i: number): { name: string; prefix: string } {
  const kind = plan.types[0];
  if (kind === 'GAS') return SUPPLIERS.fuel;
  if (kind === 'CHKRDR') return SUPPLIERS.checks;
  if (plan.hardware) return SUPPLIERS.devices[i % SUPPLIERS.devices.length]!;
  return kind === 'SOFT' || kind === 'INET_HOST' || kind === 'INET_MISC' ? SUPPLIERS.software : SUPPLIERS.bank;
}

const LEASE_CODES = ['LT12', 'LT24', 'LT36', 'LT48', 'LT60'];
const INSTALLMENT_CODES = ['IP3', 'IP6', 'IP9', 'IP12'];
/** The per-code labels of the spec's purchase type table (main/marketplace/labels.ts has the same). */
export const PER_CODE_LABELS: Record<string, string> = {
  IP3: '3 Month Installment', IP6: '6 Month Installment', IP9: '9 Month Installment', IP12: '12 Month Installment',
  LR: 'Lease Rental', LT12: '12 Month Lease', LT24: '24 Month Lease', LT27: '27 Month Lease', LT36: '36 Month Lease',
  LT48: '48 Month Lease', LT60: '60 Month Lease', O: 'Owned', P: 'Purchased', R: 'Rent', RP: 'Re-program', S: 'Swap', SR: 'Short Term Rental',
};
/** The spec's four generic labels (Purchased, Rental, Lease, Installment), by code family. */
const GENERIC: Record<string, string> = { IP: 'Installment', LT: 'Lease', LR: 'Lease', R: 'Rental', SR: 'Rental', P: 'Purchased' };

const round2 = (n: number): number => Math.round(n * 100) / 100;
const article = (noun: string): string => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
/** A kind's tag: the last word of its noun ("Paper Rolls (50)" → rolls). */
const tagOf = (noun: string): string => (noun.match(/[A-Za-z-]+/g) ?? ['item']).at(-1)!.toLowerCase();

function buildProducts(): SimProduct[] {
  const rnd = seededRandom(20261122);
  const products: SimProduct[] = [];
  let n = 0;
  const byType = new Map<string, number[]>();
  for (const plan of PLANS) {
    for (let i = 0; i < plan.count; i++) {
      const productId = 5001 + n;
      const type = plan.types[i % plan.types.length] as string;
      const supplier = supplierOf(plan, i);
      const what = plan.nouns[i % plan.nouns.length]!;
      const noun = what.noun;
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
        // Leases, installments and rentals are offered on equipment, not on paper rolls or cables.
        if (plan.device) {
          for (const code of LEASE_CODES) if (rnd.chance(0.45) && price > 100) add(code, (price / Number(code.slice(2))) * 1.35, 'Recurring');
          if (price > 150) {
            const code = rnd.pick(INSTALLMENT_CODES);
            add(code, price / Number(code.slice(2)), 'Recurring');
          }
          if (rnd.chance(0.3)) add('R', Math.max(5, price / 20), 'Recurring');
          if (rnd.chance(0.2)) add('SR', Math.max(5, price / 15), 'Recurring');
          if (rnd.chance(0.3)) add('O', 0, once());
          if (rnd.chance(0.2)) add('RP', 49, once());
        }
      } else if (plan.fee === 'once') {
        add('P', price, once());
      } else {
        add('P', price, 'Recurring');
      }
      const allowed = what.categories ?? plan.categories;
      const categories = [...new Set([allowed[i % allowed.length] as number, ...(rnd.chance(0.5) ? [rnd.pick(allowed)] : [])])].sort();
      const pairs = plan.hardware ? rnd.int(1, 3) : rnd.int(0, 1);
      const connects = what.links && plan.hardware && !['CABLES', 'PP_CABLES'].includes(type) ? [links(what.links)] : [];
      const features = [...what.features, ...connects];
      const name = `${supplier.prefix} ${model.split('-')[1]} ${noun}`;
      const markets = categories.map((c) => CATEGORIES.find((x) => x.id === c)?.description.toLowerCase()).join(' and ');
      const p: SimProduct = {
        id: 90001 + n,
        productId,
        productType: type,
        productName: name,
        supplierName: supplier.name,
        supplierProductName: `${model} ${noun.toUpperCase()}`,
        productShortDescription: `${noun} from ${supplier.name}.`,
        productLongDescription: `The ${name} is ${article(noun)} ${noun.toLowerCase().replace(/pin pad/g, 'PIN pad').replace(/\b(usb|pci|pos|micr)\b/g, (w) => w.toUpperCase())} for ${markets} merchants. ${features.join('. ')}.`,
        showoncart: !plan.fee || plan.fee === 'once',
        productWithOptions: false,
        pinPad: what.pinPad === true,
        images: Array.from({ length: pairs }, (_, k) => `p${productId}-${k + 1}.png`),
        categoryIds: categories,
        tags: [tagOf(noun), supplier.prefix.toLowerCase(), ...(plan.hardware ? ['hardware'] : ['service'])],
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
      p.specs = specsOf(plan, what, type, rnd);
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
      // A terminal that comes with a debit PIN pad includes one; the others recommend one.
      p.includes = [rnd.pick(ids('Power_Sup')), rnd.pick(ids('CABLES')), ...(p.pinPad ? [rnd.pick(ids('PINPAD'))] : [])];
      p.recommended = [...(p.pinPad ? [] : [rnd.pick(ids('PINPAD'))]), rnd.pick(ids('PRNTR')), rnd.pick(ids('CHKRDR'))];
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
    const delivery = isEquipment(kind)
      ? { header: `How long does delivery of the ${topic} take?`, shortAnswer: 'Usually three to five business days after the merchant is approved.' }
      : { header: `When does the ${topic} start?`, shortAnswer: 'On the day the merchant account opens.' };
    const returns = isEquipment(kind)
      ? { header: `Can I return the ${topic}?`, shortAnswer: 'Purchased equipment can be returned unused within 30 days; leases follow their agreement.' }
      : { header: `Can I cancel the ${topic}?`, shortAnswer: 'Monthly services can be cancelled after the first term; one-time fees are not refunded.' };
    p.faq = [
      { ...delivery, url: `https://help.training.invalid/faq/${p.productId}/delivery`, sortId: 2 },
      { ...returns, url: `https://help.training.invalid/faq/${p.productId}/returns`, sortId: 3 },
      { header: 'Who do I call for support?', shortAnswer: 'The support line printed on the quick-start card answers every day.', url: `https://help.training.invalid/faq/${p.productId}/support`, sortId: 1 },
    ].slice(0, rnd.int(2, 3));
  }
  return products;
}

const EQUIPMENT = new Set(['TERM', 'PINPAD', 'CHKRDR', 'PRNTR', 'CABLES', 'PP_CABLES', 'STAND', 'Power_Sup', 'ACCES', 'REG', 'GAS', 'IMP']);
function isEquipment(kind: string): boolean {
  return EQUIPMENT.has(kind);
}

/** A product's specifications: what its noun says it is, plus a body and display for devices. */
function specsOf(plan: TypePlan, what: Noun, type: string, rnd: ReturnType<typeof seededRandom>): Record<string, string[]> {
  if (!plan.hardware) return what.links ? { Connectivity: [what.links] } : {};
  const specs: Record<string, string[]> = {};
  if (plan.device && type !== 'CHKRDR' && type !== 'PRNTR' && what.noun !== 'Pump Card Reader' && what.noun !== 'Fuel Controller') {
    specs.Memory = [`${2 ** rnd.int(8, 12)} MB RAM`, `${2 ** rnd.int(9, 13)} MB flash`];
    const touch = what.noun !== 'PIN Pad' && what.noun !== 'Electronic Cash Register';
    specs.Display = [`${rnd.int(touch ? 4 : 2, touch ? 8 : 3)}.${rnd.int(0, 9)} inch ${touch ? 'colour touch' : 'monochrome backlit'} display`];
  }
  if (what.links) specs[['CABLES', 'PP_CABLES'].includes(type) ? 'Connectors' : 'Connectivity'] = [what.links];
  Object.assign(specs, what.specs ?? {});
  specs.Dimensions = [`${rnd.int(80, 220)} x ${rnd.int(60, 120)} x ${rnd.int(30, 90)} mm`, `${rnd.int(150, 900)} g`];
  return specs;
}

/** The kind of picture a product gets (png.ts): one drawing per kind of product. */
export function pictureKind(productType: string): PictureKind {
  switch (productType) {
    case 'TERM':
    case 'Terminal':
    case 'ITERM':
      return 'TERM';
    case 'PINPAD':
    case 'CHKRDR':
    case 'PRNTR':
    case 'CABLES':
    case 'PP_CABLES':
    case 'STAND':
    case 'Power_Sup':
    case 'ACCES':
    case 'SOFT':
    case 'REG':
    case 'GAS':
    case 'IMP':
      return productType;
    case 'INET_HOST':
    case 'INET_MISC':
      return 'SOFT';
    case 'SATBUNDLE':
      return 'NETWORK';
    case 'OTHER':
      return 'SERVICE';
    default:
      return 'FEE';
  }
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

export { TRAINING_LEAD_DEFAULTS } from './lead-defaults';

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
