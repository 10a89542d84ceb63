import { describe, expect, it } from 'vitest';
import { MERCHANT_BOOK } from '../../../main/training/merchant/data';

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
});
