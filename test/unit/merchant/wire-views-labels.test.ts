import { describe, expect, it } from 'vitest';
import { isCalendarDate, levelCode, searchBody } from '../../../main/merchant/client';
import {
  AUTO_BILLING,
  CONTACT_TYPES,
  DISCOUNT_CODES,
  ENTITLEMENT_PRODUCTS,
  FREQUENCIES,
  HIERARCHY_LEVELS,
  hierarchyLevel,
  LEASE_COMPANIES,
  MULTI_CURRENCY,
  ORGANISATION_TYPES,
  PLATFORMS,
  PRIMARY_NETWORK,
  PROCESSING_INDICATORS,
  REBATE,
  SEASONAL,
  SECONDARY_NETWORK,
  SERVICE_TYPES,
  UK_ENTITLEMENT_PRODUCTS,
} from '../../../main/merchant/labels';
import { entitlementView, feeView, hierarchyItemView, merchantForCache, merchantView, searchItemView } from '../../../main/merchant/views';
import { Envelope, Fee, HierarchyItem, Merchant, SearchItem } from '../../../main/merchant/wire';
import { ApiError } from '../../../main/http/errors';

const keys = (t: object): string[] => Object.keys(t).sort();

describe('merchant label tables', () => {
  it('cover every code the spec lists', () => {
    expect(HIERARCHY_LEVELS.map((l) => [l.code, l.field])).toEqual([['120', 1], ['100', 2], ['90', 3], ['60', 4], ['50', 5], ['40', 6]]);
    expect(hierarchyLevel('CORP')?.code).toBe('100');
    expect(hierarchyLevel('LCTN')?.code).toBe('120');
    expect(hierarchyLevel(50)?.name).toBe('Bank');
    expect(DISCOUNT_CODES.L).toBe('Tiered 05');
    expect(DISCOUNT_CODES.Z).toBe('Tiered 19');
    expect(keys(DISCOUNT_CODES)).toHaveLength(11 + 15 + 9 + 6);
    expect(keys(MULTI_CURRENCY)).toEqual(['B', 'C', 'D', 'E', 'F', 'I', 'N', 'O', 'T', 'X']);
    expect(keys(REBATE)).toEqual(['B', 'C', 'F', 'G', 'L', 'M', 'N', 'R', 'Y']);
    expect(keys(AUTO_BILLING)).toEqual(['A', 'N', 'P', 'S', 'Y']);
    expect(keys(SEASONAL)).toEqual(['N', 'Y']);
    expect(keys(PRIMARY_NETWORK)).toEqual([' ', ...'ABCDEFGJMNPQRSTUVX'.split('')].sort());
    expect(keys(SECONDARY_NETWORK)).toEqual([' ', ...'ABDEFGJMNQRSTUVX'.split(''), 'None'].sort());
    expect(keys(LEASE_COMPANIES)).toEqual(['01', '02', '03', '04', '05']);
    expect(ORGANISATION_TYPES.S).toBe('Sole proprietorship');
    expect(ENTITLEMENT_PRODUCTS['18']).toBe('Debit');
    expect(ENTITLEMENT_PRODUCTS['22']).toBe('Check verification');
    for (let c = 1; c <= 56; c++) if (![41, 42, 43, 44, 45, 47, 55].includes(c)) expect(ENTITLEMENT_PRODUCTS[String(c).padStart(2, '0')], `code ${c}`).toBeDefined();
    expect(keys(UK_ENTITLEMENT_PRODUCTS)).toHaveLength(14);
    expect(keys(SERVICE_TYPES)).toEqual(['A', 'D', 'F', 'I', 'K', 'M', 'N', 'R']);
    expect(keys(PLATFORMS)).toEqual(['FDE', 'FDM', 'FDN', 'FDS', 'OMA']);
    expect(keys(FREQUENCIES)).toEqual(['B', 'D', 'M', 'S', 'X']);
    expect(keys(PROCESSING_INDICATORS)).toEqual(['1', '2', '3', '4', '5', 'B', 'N', 'R']);
    expect(keys(CONTACT_TYPES)).toEqual(['BIL', 'DBA', 'STM']);
  });
});

describe('merchant requests', () => {
  it('refuse an all-empty search before sending, trim and keep only given fields', () => {
    expect(() => searchBody({})).toThrow(ApiError);
    expect(() => searchBody({ dbaName: '  ', sort: 'city' })).toThrow(/at least one search field/);
    expect(searchBody({ dbaName: ' bak ', city: '', sort: 'city', page: 2 })).toEqual({ dbaName: 'bak', sort: 'city', page: 2 });
    expect(searchBody({ hierarchyLevel: 'lctn' })).toEqual({ hierarchyLevel: '120' });
    expect(() => searchBody({ merchantId: '12a' })).toThrow(/digits/);
  });

  it('check hierarchydate as a real YYYY-MM-DD day and map level abbreviations to codes', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-9')).toBe(false);
    expect(levelCode('BANK')).toBe('50');
    expect(levelCode('120')).toBe('120');
    expect(() => levelCode('nope')).toThrow(/unknown hierarchy level/);
  });
});

describe('merchant schemas and views', () => {
  it('keep unknown fields, take numbers as text and timestamps as epoch', () => {
    const env = Envelope.parse({ responseCode: 'success', reasonCode: 'success', result: {}, newThing: 1 });
    expect((env as Record<string, unknown>).newThing).toBe(1);
    const fee = Fee.parse({ feeId: '7', merchId: null, wholesaleRate: '4.5', retailDate: 1735689600000, sequenceType: 'F', frequenceCode: 'M', processingIndicator: 'R' });
    expect(fee).toMatchObject({ feeId: 7, wholesaleRate: 4.5, retailDate: '2025-01-01T00:00:00.000Z' });
    expect(feeView(fee)).toMatchObject({ sequenceType: { code: 'F', label: 'Fee' }, frequency: { label: 'Monthly' }, processing: { label: 'Report only, do not bill' }, wholesaleRate: '4.5' });
  });

  it('show the merchant with code meanings, the tax id cut to its last four', () => {
    const m = Merchant.parse({ merchantId: 7, uniqueId: 7, mid: '4445', tradeName: 'Shop', name: 'Shop LLC', taxId: '12-3456789', organisationType: 'M', seasonalIndicator: 'Y', discountFieldSchemeA: 'W01', futureField: 'x' });
    const v = merchantView(m);
    expect(v.fields.find((f) => f.key === 'taxId')?.value).toBe('•••6789');
    expect(v.fields.find((f) => f.key === 'organisationType')).toMatchObject({ value: 'M', meaning: 'LLC, private' });
    expect(v.fields.find((f) => f.key === 'discountFieldSchemeA')?.meaning).toBe('Two tiered');
    expect(merchantForCache(m).taxId).toBe('•••6789');
    expect((merchantForCache(m) as Record<string, unknown>).futureField).toBe('x');
  });

  it('mark the lvlNId the level table picks and whether it holds the merchant', () => {
    const item = HierarchyItem.parse({ hierarchyId: 1, merchantId: 11, hierarchyLevel: '120', dateFrom: '2019-01-01', dateTo: '9999-12-31', lvl1Id: 11, lvl2Id: 22, lvl3Id: '', lvl4Id: null, lvl5Id: '55', lvl6Id: 66, lvl7Id: 55 });
    const asBank = hierarchyItemView(item, 55, '50');
    expect(asBank).toMatchObject({ matchedField: 5, matches: true });
    expect(asBank.levels[2]).toEqual({ n: 3, role: 'Lead corporate', id: null, number: '' });
    expect(hierarchyItemView(item, 99, 'CORP')).toMatchObject({ matchedField: 2, matches: false });
  });

  it('label entitlements and search results', () => {
    const e = entitlementView({ entitlementId: 1, allianceCode: '', platformCode: 'OMA', productCode: '18', pricingPlanCode: 'P', serviceTypeCode: 'K', signedVolume: 100, avgTicket: 20, alphaId: '', merchantId: null }, 7);
    expect(e).toMatchObject({ merchantId: 7, product: { label: 'Debit' }, serviceType: { label: 'Deposit only' }, platform: { label: 'Omaha' } });
    const s = searchItemView(SearchItem.parse({ merchantId: '5', mid: 'M', hierarchyLevel: '100', hierarchyLevelAbbreviation: 'CORP', dbaName: 'X' }));
    expect(s.level).toEqual({ code: '100', label: 'Corporate' });
  });
});
