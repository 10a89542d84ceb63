import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingEquipment, requiredKinds } from '../../../main/marketplace/equipment-rules';
import { buildLeadRequest, leadRequestIssues } from '../../../main/marketplace/lead';
import { CatalogueIndex } from '../../../main/marketplace/catalogue-index';
import type { ProductSummary } from '../../../preload/contract';

const line = (productType: string, quantity = 1) => ({ productId: 1, productType, quantity });

describe('equipment rules', () => {
  it('need at least one terminal to onboard', () => {
    expect(missingEquipment([], { debit: false, checkAcceptance: false }).map((m) => m.kind)).toEqual(['TERM']);
    expect(missingEquipment([line('TERM')], { debit: false, checkAcceptance: false })).toEqual([]);
    expect(missingEquipment([line('Terminal')], { debit: false, checkAcceptance: false })).toEqual([]);
    expect(missingEquipment([line('ITERM')], { debit: false, checkAcceptance: false })).toEqual([]);
    expect(missingEquipment([], { debit: false, checkAcceptance: false, onboarding: false })).toEqual([]);
  });

  it('need a PIN pad with debit and a check reader with check acceptance', () => {
    const m = missingEquipment([line('TERM')], { debit: true, checkAcceptance: true });
    expect(m.map((x) => [x.rule, x.kind])).toEqual([['pinpad', 'PINPAD'], ['check-reader', 'CHKRDR']]);
    expect(m[0]?.message).toMatch(/debit/);
    expect(missingEquipment([line('TERM'), line('PINPAD'), line('CHKRDR')], { debit: true, checkAcceptance: true })).toEqual([]);
    expect(missingEquipment([line('TERM'), line('PINPAD', 0)], { debit: true, checkAcceptance: false }).map((x) => x.kind)).toEqual(['PINPAD']);
    expect(requiredKinds({ debit: true, checkAcceptance: false })).toEqual(['TERM', 'PINPAD']);
  });

  it('report exactly the required kinds the cart lacks, whatever else it holds', () => {
    const types = ['TERM', 'Terminal', 'ITERM', 'PINPAD', 'CHKRDR', 'PRNTR', 'CABLES', 'MO_FEE', 'weird'];
    fc.assert(
      fc.property(fc.array(fc.record({ t: fc.constantFrom(...types), q: fc.integer({ min: 0, max: 3 }) })), fc.boolean(), fc.boolean(), (lines, debit, checkAcceptance) => {
        const cart = lines.map((l) => line(l.t, l.q));
        const has = (ks: string[]) => lines.some((l) => ks.includes(l.t) && l.q > 0);
        const expected = [
          ...(has(['TERM', 'Terminal', 'ITERM']) ? [] : ['TERM']),
          ...(debit && !has(['PINPAD']) ? ['PINPAD'] : []),
          ...(checkAcceptance && !has(['CHKRDR']) ? ['CHKRDR'] : []),
        ];
        expect(missingEquipment(cart, { debit, checkAcceptance }).map((m) => m.kind)).toEqual(expected);
      }),
    );
  });
});

describe('lead create rules', () => {
  const full = {
    first_name: 'Ada', last_name: 'Byron', company: 'Byron Books', actionType: 'Create', recordType: 'Merchant', email: 'ada@books.test',
    phone: '(217) 555-0101', bankId: 'B1', zip: '62701', address1: '1 Main St', address2: '', city: 'Springfield', state: 'IL',
    campaign_id: 'C1', leadType: 'Self Sourced', referenceType: 'LeadSystem', annualVolume: 250000, linkBackId: '', dealId: '',
    leadStatus: '', leadId: '', businessConsultantAMAId: 'AMA-1', uid: 'u-1', businessConsultantId: 'BC1',
  };

  it('accept a complete lead and send every key, country only when given', () => {
    const req = buildLeadRequest(full);
    expect(leadRequestIssues(req)).toEqual([]);
    expect(Object.keys(req)).not.toContain('country');
    expect(Object.keys(buildLeadRequest({ ...full, country: 'ca' }))).toContain('country');
    expect(buildLeadRequest({ ...full, country: 'ca' }).country).toBe('CA');
  });

  it('name every missing or wrong field, one issue each', () => {
    const issues = leadRequestIssues(buildLeadRequest({ ...full, first_name: ' ', email: 'not-mail', phone: '12', leadType: 'Cold Call', annualVolume: undefined }));
    expect(issues.map((i) => i.path).sort()).toEqual(['annualVolume', 'email', 'first_name', 'leadType', 'phone']);
    const { address2: _a, ...withoutAddress2 } = full;
    expect(leadRequestIssues(withoutAddress2).map((i) => i.path)).toEqual(['address2']);
  });
});

describe('catalogue search index', () => {
  const p = (productId: number, name: string, kind = 'TERM', extra: Partial<ProductSummary> = {}): ProductSummary => ({
    productId, name, supplierName: 'Northwind', supplierProductName: name.toUpperCase(), type: kind, kind, typeLabel: kind, shortDescription: '',
    categoryIds: [100], tags: [], pinPad: false, hasOptions: false, showOnCart: true, imageCount: 0, ...extra,
  });
  const index = new CatalogueIndex([p(1, 'Café Countertop Terminal'), p(2, 'Contactless PIN Pad', 'PINPAD'), p(3, 'Receipt Printer', 'PRNTR', { categoryIds: [101], tags: ['kitchen'] }), p(4, 'Terminal stand', 'STAND')]);

  it('matches every word anywhere, ignoring case and accents, names first', () => {
    expect(index.search({ query: 'cafe' }).products.map((x) => x.productId)).toEqual([1]);
    expect(index.search({ query: 'TERMINAL' }).products.map((x) => x.productId)).toEqual([4, 1]);
    expect(index.search({ query: 'kitchen printer' }).products.map((x) => x.productId)).toEqual([3]);
    expect(index.search({ query: 'northwind pad' }).total).toBe(1);
  });

  it('filters by category and type and limits', () => {
    expect(index.search({ categoryId: 101 }).products.map((x) => x.productId)).toEqual([3]);
    expect(index.search({ kind: 'pinpad' }).products.map((x) => x.productId)).toEqual([2]);
    expect(index.search({ limit: 2 })).toMatchObject({ total: 4 });
    expect(index.search({ limit: 2 }).products).toHaveLength(2);
  });
});
