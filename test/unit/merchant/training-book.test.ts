import { describe, expect, it } from 'vitest';
import { MERCHANT_BOOK } from '../../../main/training/merchant/data';
import { entitlementView, feeView, merchantView } from '../../../main/merchant/views';
import { Entitlement, Fee, Merchant } from '../../../main/merchant/wire';

/** What a label says when the spec gave none, or the terminal's table lacks the code. */
const UNPUBLISHED = /not published|not in this terminal's table/;
/** Industry codes of organisations that may be non-profits (charities, religious, civic). */
const NON_PROFIT_MCCS = new Set(['8398', '8661', '8641']);

/**
 * What each industry code stands for (the card networks' merchant category codes), written here
 * apart from the simulator's data: the business types and the names that fit a merchant with it.
 */
const MCC: Record<string, { types: string[]; name: RegExp }> = {
  '5251': { types: ['Retail'], name: /hardware/i },
  '5399': { types: ['Retail'], name: /retail|general|store/i },
  '5411': { types: ['Grocery'], name: /grocer|market/i },
  '5462': { types: ['Bakery'], name: /bakery|bakehouse/i },
  '5812': { types: ['Restaurant'], name: /restaurant|diner|pizza|bistro|grill/i },
  '5814': { types: ['Restaurant'], name: /cafe|coffee|burger|fast/i },
  '5912': { types: ['Healthcare'], name: /pharmacy|drug/i },
  '5941': { types: ['Retail'], name: /outfitters|sport/i },
  '5942': { types: ['Retail'], name: /books/i },
  '5992': { types: ['Retail'], name: /florist|flowers/i },
  '5995': { types: ['Retail'], name: /pet/i },
  '6012': { types: ['Financial institution'], name: /bank/i },
  '7399': { types: ['Business services', 'Holding company'], name: /agen|holding|ventures|partners|group/i },
  '7538': { types: ['Automotive'], name: /auto/i },
};

describe('the training merchant book', () => {
  it('gives every merchant a business type, industry code and name that agree', () => {
    const wrong: string[] = [];
    for (const m of MERCHANT_BOOK.merchants) {
      const mcc = String(m.record.mccIso);
      const fits = MCC[mcc];
      const name = String(m.record.tradeName);
      if (!fits || !fits.types.includes(String(m.record.businessType)) || !fits.name.test(name)) {
        wrong.push(`${m.merchantId} ${name}: ${String(m.record.businessType)} ${mcc}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(MERCHANT_BOOK.merchants.length).toBeGreaterThan(150);
  });

  it('keeps an outlet in the trade of its chain', () => {
    const byId = new Map(MERCHANT_BOOK.merchants.map((m) => [m.merchantId, m]));
    for (const item of MERCHANT_BOOK.items.filter((h) => h.hierarchyLevel === '120' && h.dateTo.startsWith('9999'))) {
      const outlet = byId.get(item.merchantId)!;
      const chain = byId.get(Number(item.lvl[1]?.id))!;
      expect(outlet.record.mccIso, String(outlet.record.tradeName)).toBe(chain.record.mccIso);
      expect(String(outlet.record.tradeName).startsWith(String(chain.record.tradeName))).toBe(true);
    }
  });

  it('gives every coded value a published label: the account, its entitlements and its fees', () => {
    const unlabelled: string[] = [];
    const book = MERCHANT_BOOK;
    for (const m of book.merchants) {
      for (const f of merchantView(Merchant.parse(m.record)).fields) if (f.meaning && UNPUBLISHED.test(f.meaning)) unlabelled.push(`${m.merchantId} ${f.key}=${f.value}: ${f.meaning}`);
    }
    for (const e of book.entitlements) {
      const v = entitlementView(Entitlement.parse(e.record), e.merchantId);
      for (const [what, coded] of [['product', v.product], ['service type', v.serviceType], ['platform', v.platform]] as const) {
        if (UNPUBLISHED.test(coded.label)) unlabelled.push(`entitlement ${e.entitlementId} ${what} ${coded.code}: ${coded.label}`);
      }
    }
    for (const f of book.fees) {
      const v = feeView(Fee.parse(f.record));
      for (const coded of [v.sequenceType, v.frequency]) if (UNPUBLISHED.test(coded.label)) unlabelled.push(`fee ${f.feeId} ${coded.code}: ${coded.label}`);
    }
    expect(unlabelled).toEqual([]);
  });

  it('keeps ownership, tax id and the non-profit flag in agreement with the legal name and the trade', () => {
    const taxIds = new Map<string, string>();
    for (const m of MERCHANT_BOOK.merchants) {
      const legal = String(m.record.name);
      const org = String(m.record.organisationType);
      const who = `${m.merchantId} ${legal} (${String(m.record.tradeName)})`;
      if (org === 'F') expect(NON_PROFIT_MCCS.has(String(m.record.mccIso)), `${who} is marked non-profit`).toBe(true);
      if (/\bLLC$/.test(legal)) expect(['M', 'N'], who).toContain(org);
      if (/\b(Inc|Corp|N\.A\.)$/.test(legal)) expect(['D', 'E'], who).toContain(org);
      // One legal entity, one tax id.
      const seen = taxIds.get(legal);
      if (seen) expect(m.record.taxId, who).toBe(seen);
      taxIds.set(legal, String(m.record.taxId));
    }
  });

  it('prices by the method it names, takes EBT only where food is sold, and addresses each outlet once', () => {
    const DISCOUNTS: Record<string, RegExp> = { 'Interchange plus': /^(C|\(None\))$/, Tiered: /^(E|F|G|W01|W02|3|\(None\))$/, 'Flat rate': /^(A|\(None\))$/ };
    const byId = new Map(MERCHANT_BOOK.merchants.map((m) => [m.merchantId, m]));
    for (const m of MERCHANT_BOOK.merchants) {
      const fits = DISCOUNTS[String(m.record.pricingMethod)];
      for (const k of ['discountFieldSchemeA', 'discountFieldSchemeB', 'discountFieldSchemeC']) expect(String(m.record[k]), `${m.merchantId} ${String(m.record.pricingMethod)} ${k}`).toMatch(fits!);
    }
    for (const e of MERCHANT_BOOK.entitlements) {
      if (e.record.productCode === '27') expect(['5411', '5462'], String(byId.get(e.merchantId)?.record.tradeName)).toContain(byId.get(e.merchantId)?.record.mccIso);
    }
    for (const c of MERCHANT_BOOK.contacts) {
      const m = byId.get(c.merchantId)!;
      expect(c.fields.city).toBe(m.search.city);
      expect(c.fields.postalCode).toBe(m.search.zipCode);
      expect(c.fields.addressLine2, 'the city is not repeated as a second address line').not.toContain(m.search.city);
    }
  });
});
