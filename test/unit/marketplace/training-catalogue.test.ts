import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PURCHASE_TYPES, PRODUCT_TYPES, productTypeCode } from '../../../main/marketplace/labels';
import { CATEGORIES, LINK_WORDS, PER_CODE_LABELS, pictureKind, PRODUCTS, PRODUCTS_BY_ID } from '../../../main/training/marketplace/data';
import { productPng, type PictureKind } from '../../../main/training/marketplace/png';

const textOf = (p: (typeof PRODUCTS)[number]): string => [p.productName, p.productShortDescription, p.productLongDescription, ...p.features].join('\n');
const specText = (p: (typeof PRODUCTS)[number]): string => Object.values(p.specs).flat().join('\n');
const kindOf = (p: (typeof PRODUCTS)[number]): string => productTypeCode(p.productType);

/** The pixels of one of our PNGs (8-bit RGB, filter 0 on every row): which are not the background. */
function silhouette(png: Buffer): string {
  let at = 8;
  const data: Buffer[] = [];
  let width = 0;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IHDR') width = png.readUInt32BE(at + 8);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = 1 + width * 3;
  let out = '';
  for (let i = 0; i < raw.length; i += stride) {
    for (let x = 0; x < width; x++) out += raw[i + 1 + x * 3] === 236 && raw[i + 2 + x * 3] === 239 && raw[i + 3 + x * 3] === 241 ? '.' : '#';
  }
  return out;
}

describe('the training catalogue agrees with itself', () => {
  it('names a way to connect in its text only where its specs say so', () => {
    const wrong: string[] = [];
    for (const p of PRODUCTS) {
      for (const word of LINK_WORDS) {
        const said = new RegExp(`\\b${word}\\b`, 'i');
        if (said.test(textOf(p).replace(/Wireless/g, '')) && !said.test(specText(p))) wrong.push(`${p.productId} ${p.productName}: says ${word}, specs say ${specText(p).replace(/\n/g, '; ')}`);
      }
      // A wireless device connects without a wire.
      if (/wireless|mobile/i.test(p.productName) && !/Wi-Fi|4G|Bluetooth/.test(specText(p))) wrong.push(`${p.productId} ${p.productName}: wireless without a wireless link`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives memory and displays to devices only, and a length to cables', () => {
    for (const p of PRODUCTS) {
      const kind = kindOf(p);
      if (p.specs.Memory) expect(['TERM', 'PINPAD', 'REG', 'GAS'], p.productName).toContain(kind);
      if (['CABLES', 'PP_CABLES'].includes(kind)) expect(p.specs.Length, p.productName).toBeDefined();
      if (/colour touch screen/i.test(textOf(p))) expect(specText(p)).toMatch(/colour touch/);
    }
  });

  it('sells each product in categories of its kind, and says those categories in its description', () => {
    for (const p of PRODUCTS) {
      for (const id of p.categoryIds) expect(p.productLongDescription, p.productName).toContain(CATEGORIES.find((c) => c.id === id)!.description.toLowerCase());
      if (/kitchen/i.test(p.productName)) expect(p.categoryIds.every((c) => c === 101 || c === 107), p.productName).toBe(true);
      if (kindOf(p) === 'GAS') expect(p.categoryIds).toEqual([104]);
    }
  });

  it('includes a PIN pad exactly when it says a debit PIN pad comes with it', () => {
    for (const p of PRODUCTS) {
      const includesPad = p.includes.some((id) => kindOf(PRODUCTS_BY_ID.get(id)!) === 'PINPAD');
      expect(includesPad, p.productName).toBe(p.pinPad);
      expect(/comes with a debit PIN pad/i.test(textOf(p)), p.productName).toBe(p.pinPad);
      if (p.pinPad) expect(p.recommended.some((id) => kindOf(PRODUCTS_BY_ID.get(id)!) === 'PINPAD'), p.productName).toBe(false);
    }
  });

  it('prices equipment by its own terms: installments and leases by their months, rentals and re-programming on devices only', () => {
    for (const p of PRODUCTS) {
      const device = ['TERM', 'PINPAD', 'CHKRDR', 'PRNTR', 'REG', 'GAS'].includes(kindOf(p));
      for (const offer of p.pricing) {
        const info = PURCHASE_TYPES[offer.purchaseType];
        expect(info, `${p.productName} ${offer.purchaseType}`).toBeDefined();
        // Every label is one the spec publishes: the code's own, or its family's generic one.
        expect([PER_CODE_LABELS[offer.purchaseType], { installment: 'Installment', lease: 'Lease', rental: 'Rental', purchase: 'Purchased' }[info!.family as string]], p.productName).toContain(offer.purchaseTypeLabel);
        expect(offer.purchaseTypeLabel).not.toMatch(/not published/i);
        if (info!.family === 'installment') expect(Math.abs(offer.defaultAmt - p.price / info!.months!), `${p.productName} ${offer.purchaseType}`).toBeLessThanOrEqual(0.0051);
        if (info!.family === 'lease') expect(offer.defaultAmt * info!.months!, `${p.productName} ${offer.purchaseType}`).toBeGreaterThan(p.price);
        if (offer.purchaseType !== 'P') expect(device, `${p.productName} ${offer.purchaseType}`).toBe(true);
      }
      expect(p.pricing.find((o) => o.purchaseType === 'P')?.defaultAmt, p.productName).toBeCloseTo(p.price, 2);
    }
  });

  it('has a label for every product type it serves, and fees come from the bank, not a device maker', () => {
    for (const p of PRODUCTS) {
      expect(Object.keys(PRODUCT_TYPES), p.productType).toContain(kindOf(p));
      if (/FEE$/.test(kindOf(p))) expect(p.supplierName).toBe('Training Bank Merchant Services');
      expect(p.productLongDescription).not.toMatch(/\ba [aeiou]/i);
    }
  });
});

describe('the training catalogue\'s pictures', () => {
  const KINDS = [...new Set(PRODUCTS.map((p) => pictureKind(p.productType)))] as PictureKind[];

  it('draws every kind of product as a different picture, not only in another colour', () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(14);
    const shapes = new Map<string, PictureKind>();
    for (const kind of KINDS) {
      const shape = silhouette(productPng(kind, 64, [236, 239, 241], [10, 20, 30], 1));
      expect(shapes.get(shape), `${kind} is drawn like ${shapes.get(shape)}`).toBeUndefined();
      shapes.set(shape, kind);
    }
  });

  it('gives a product\'s pictures different bytes from each other', () => {
    const pngs = [1, 2, 3].map((v) => productPng('TERM', 64, [236, 239, 241], [52, 120, 246], v).toString('base64'));
    expect(new Set(pngs).size).toBe(3);
  });
});
