import { describe, expect, it } from 'vitest';
import { productTypeCode, purchaseTypeCode, occurrenceOf, PRODUCT_TYPES, PURCHASE_TYPES } from '../../../main/marketplace/labels';
import { imagePairs } from '../../../main/marketplace/image-pairs';
import { pricingOption, productDetailView, productSummary } from '../../../main/marketplace/views';
import { Categories, Features, LeadCreateResponse, Leads, ProductDetail, Products, readOptions, RecommendedProducts, Specs } from '../../../main/marketplace/wire';

const product = {
  id: 90001,
  productId: 5001,
  supplierProductName: 'NW-100 TERMINAL',
  supplierName: 'Northwind Devices',
  productType: 'Terminal',
  productName: 'NW 100',
  productShortDescription: 'A terminal',
  productLongDescription: 'A long text',
  showoncart: true,
  productWithOptions: false,
  pinPad: false,
  imageUrls: ['https://img.test/large/a.png', 'https://img.test/thumb/a.png', 'https://img.test/thumb/b.png'],
  categoryIds: [100],
  tags: ['terminal'],
};

describe('marketplace response schemas', () => {
  it('accept the documented variant spellings and map them onto the documented codes', () => {
    expect(productTypeCode('TERM')).toBe('TERM');
    expect(productTypeCode('Terminal')).toBe('TERM');
    expect(productTypeCode('ITERM')).toBe('TERM');
    expect(productTypeCode('power_sup')).toBe('Power_Sup');
    expect(productTypeCode('SOMETHING_NEW')).toBe('OTHER');
    expect(occurrenceOf('OneTime_Products')).toBe('one-time');
    expect(occurrenceOf('Onetime_Product')).toBe('one-time');
    expect(occurrenceOf('Recurring')).toBe('recurring');
    expect(occurrenceOf(undefined)).toBe('unknown');
    expect(purchaseTypeCode('LT36', '36 Month Lease')).toBe('LT36');
    expect(purchaseTypeCode('', '3 Month Installment')).toBe('IP3');
    expect(purchaseTypeCode('lt12', 'Lease')).toBe('LT12');
  });

  it('keep fields they do not know and take ids as numeric text, strings as null', () => {
    const [p] = Products.parse([{ ...product, productId: '5001', supplierName: null, brandNewField: { x: 1 } }]);
    expect(p?.productId).toBe(5001);
    expect(p?.supplierName).toBe('');
    expect((p as Record<string, unknown>).brandNewField).toEqual({ x: 1 });
    const cats = Categories.parse([{ id: 100, name: 'RETAIL', description: 'Retail', rank: 1, imageURL: 'https://x/y.png', colour: 'red' }]);
    expect((cats[0] as Record<string, unknown>).colour).toBe('red');
  });

  it('parse again what they parsed (the cache stores parsed answers)', () => {
    const once = ProductDetail.parse({ ...product, price: '349.99', pricingModel: [{ id: 1, fkProdId: 5001, fkCompanyId: 1001, purchaseType: 'P', defaultAmt: 349.99, status: 'A', occurrence: 'Onetime_Product', purchaseTypeLabel: 'Purchased' }] });
    expect(ProductDetail.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
    expect(once.price).toBe(349.99);
  });

  it('turn pricing into cents with the per-code labels and meanings', () => {
    const lease = pricingOption({ purchaseType: 'LT48', purchaseTypeLabel: 'Lease', occurrence: 'Recurring', defaultAmt: 12.5 });
    expect(lease).toMatchObject({ code: 'LT48', label: '48 Month Lease', occurrence: 'recurring', amountCents: 1250, months: 48 });
    expect(lease.meaning).toMatch(/47-month/);
    const bought = pricingOption({ purchaseType: 'P', purchaseTypeLabel: 'Purchased', occurrence: 'Onetime_Product', defaultAmt: 0.285 });
    expect(bought).toMatchObject({ code: 'P', occurrence: 'one-time', amountCents: 29 });
    // Installments are periodic even when the service leaves occurrence out.
    expect(pricingOption({ purchaseType: '', purchaseTypeLabel: '6 Month Installment', occurrence: '', defaultAmt: 10 }).occurrence).toBe('recurring');
  });

  it('read recommended products with sponsors and string fkProdId, specs with a single line, features and lead answers', () => {
    const rec = RecommendedProducts.parse([
      { ...product, price: 99, sponsor: { sponsorId: 7, sponsorName: 'Bank program', addressLineTwo: null }, offeringTypes: ['EQUIPMENT'], pricingModel: [{ id: 1, fkProdId: '5001', purchaseType: 'P', defaultAmt: 99, purchaseTypeLabel: 'Purchased', paymentType: 'ONE_TIME', paymentTerm: '0', commissionDefined: false }] },
    ]);
    expect(rec[0]?.sponsor?.addressLineTwo).toBe('');
    expect(Specs.parse({ Memory: ['1 GB', '4 GB flash'], Display: '3.5 inch' })).toEqual({ Memory: ['1 GB', '4 GB flash'], Display: ['3.5 inch'] });
    expect(Features.parse({ success: true, features: [{ id: 1, feature: 'Chip', featureId: 9 }] }).groupFeatures).toEqual([]);
    expect(LeadCreateResponse.parse({ leadId: '00Q1', dealId: null, errorCode: null, errMessage: null })).toMatchObject({ leadId: '00Q1', dealId: null, errorCode: '', errMessage: '', message: '' });
    expect(Leads.parse([{ Identifier: 'L1', createdDate: '2026-01-01', unexpected: 'kept' }])[0]).toMatchObject({ Identifier: 'L1', identifier: '', unexpected: 'kept' });
  });

  it('read the unpublished options answer when it is a list, or a list under a known key, and say when not', () => {
    expect(readOptions([{ ...product, price: 10 }]).items).toHaveLength(1);
    expect(readOptions({ options: [{ ...product, price: 10 }] }).readable).toBe(true);
    expect(readOptions({ something: 'else' })).toEqual({ items: [], readable: false });
    expect(readOptions(null)).toEqual({ items: [], readable: true });
  });
});

describe('marketplace views', () => {
  it('summarise a product with its documented type and image pairs', () => {
    const s = productSummary(Products.parse([product])[0]!);
    expect(s).toMatchObject({ productId: 5001, kind: 'TERM', type: 'Terminal', typeLabel: 'Terminal', imageCount: 2 });
  });

  it('pair /large/ and /thumb/ images, at most five pairs, http(s) only', () => {
    expect(imagePairs(product.imageUrls)).toEqual([
      { thumb: 'https://img.test/thumb/a.png', large: 'https://img.test/large/a.png' },
      { thumb: 'https://img.test/thumb/b.png', large: 'https://img.test/large/b.png' },
    ]);
    expect(imagePairs(Array.from({ length: 9 }, (_, i) => `https://i/thumb/${i}.png`))).toHaveLength(5);
    expect(imagePairs(['javascript:alert(1)', 'file:///etc/passwd'])).toEqual([]);
  });

  it('list the parts that could not be fetched and keep FAQ links to http(s)', () => {
    const details = ProductDetail.parse({ ...product, price: 10, pricingModel: [] });
    const view = productDetailView({ details, faq: [{ header: 'Q', shortAnswer: 'A', url: 'javascript:x', sortId: 2 }], problems: [{ part: 'specs', problem: 'down' }] });
    expect(view.faq[0]).toEqual({ question: 'Q', answer: 'A', url: '', sortId: 2 });
    expect(view.missingParts).toEqual([{ part: 'specs', problem: 'down' }]);
    expect(view.priceCents).toBe(1000);
  });

  it('have a label for every documented product type and purchase type', () => {
    const documentedTypes = ['ACCES', 'APP_FEE', 'CABLES', 'CHKRDR', 'GAS', 'IMP', 'INET_HOST', 'INET_MISC', 'MO_FEE', 'NET_FEE', 'OTHER', 'PINPAD', 'PP_CABLES', 'PRNTR', 'Power_Sup', 'REG', 'SATBUNDLE', 'SETUP_FEE', 'SOFT', 'STAND', 'TERM'];
    expect(Object.keys(PRODUCT_TYPES).sort()).toEqual([...documentedTypes].sort());
    const documentedPurchase = ['IP3', 'IP6', 'IP9', 'IP12', 'LR', 'LT12', 'LT24', 'LT27', 'LT36', 'LT48', 'LT60', 'O', 'P', 'R', 'RP', 'S', 'SR'];
    expect(Object.keys(PURCHASE_TYPES).sort()).toEqual([...documentedPurchase].sort());
  });
});
