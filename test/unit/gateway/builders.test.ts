import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkLookup,
  checkSale,
  completion,
  GatewayRequestError,
  preAuthorization,
  purchase,
  refund,
  taggedCompletion,
  taggedPurchase,
  taggedRefund,
  taggedVoid,
  transactionLookup,
  verifyCard,
  voidTransaction,
  type BuilderContext,
  type KeyedCard,
  type SwipedCard,
} from '../../../main/gateway/builders';
import type { GatewayRequest } from '../../../main/gateway/client';
import { track1Facts, track2Facts } from '../../../main/gateway/card';
import { luhnValid } from '../../../native/card/luhn';
import { maskPan } from '../../../native/card/mask';
import { abaValid as abaRoutingValid } from '../../../native/check/aba';
import { centsToDollarAmount, dollarAmountToCents } from '../../../main/gateway/money';
import { checkTransactionIssues, transactionIssues } from '../../../main/gateway/rules';

const ctx: BuilderContext = { keyedEcommerceFlag: '1', now: new Date('2026-06-15T12:00:00Z') };
const swipe: SwipedCard = { entry: 'swipe', track1: '%B4003000123456781^TEST/CARD J^28121010000000000000?', track2: ';4003000123456781=28121010000000000000?' };
const keyed: KeyedCard = { entry: 'keyed', pan: '4111 1111 1111 1111', expiryMonth: 3, expiryYear: 2029, cardholderName: 'Jane Roe', cvd: '123', zipCode: '62701' };
const original = { transactionTag: '106625152', authorizationNum: 'ET1700' };

function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof GatewayRequestError) return e.issues.map((i) => `${i.field}: ${i.message}`);
    throw e;
  }
  return [];
}

describe('money: cents to DollarAmount only here', () => {
  it('formats whole cents', () => {
    expect([0, 5, 99, 100, 1234, 9_999_999].map(centsToDollarAmount)).toEqual(['0.00', '0.05', '0.99', '1.00', '12.34', '99999.99']);
    expect(() => centsToDollarAmount(12.5)).toThrow(RangeError);
    expect(() => centsToDollarAmount(-1)).toThrow(RangeError);
    expect(() => centsToDollarAmount(10_000_000)).toThrow(RangeError);
  });
  it('round-trips every amount in range', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999 }), (c) => dollarAmountToCents(centsToDollarAmount(c)) === c));
  });
});

describe('card arithmetic', () => {
  it('Luhn, ABA, masks and tracks', () => {
    expect(['4111111111111111', '4242424242424242', '5500000000000004', '4003000123456781'].every(luhnValid)).toBe(true);
    expect(luhnValid('4111111111111113')).toBe(false);
    expect(abaRoutingValid('244183602')).toBe(true);
    expect(abaRoutingValid('244183603')).toBe(false);
    expect(maskPan('4111111111111111')).toBe('411111******1111');
    expect(track1Facts('%B4111111111111111^DOE/JOHN Q^28121010000?')).toEqual({ pan: '4111111111111111', expiry: '1228', name: 'JOHN Q DOE' });
    expect(track2Facts(';4111111111111111=2812101?')).toEqual({ pan: '4111111111111111', expiry: '1228' });
  });
  it('masking never shows more than first 6 and last 4', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{13,19}$/), (pan) => {
      const m = maskPan(pan);
      return m.length === pan.length && m.slice(0, 6) === pan.slice(0, 6) && m.slice(-4) === pan.slice(-4) && /^\*+$/.test(m.slice(6, -4));
    }));
  });
});

describe('builders', () => {
  it('purchase from a swipe: tracks, Ecommerce_Flag R, name from track 1', () => {
    expect(purchase(swipe, 1234, ctx, { referenceNo: 'INV-1', customerRef: 'C1' })).toEqual({
      operation: 'SendAndCommit',
      request: {
        Transaction_Type: '00',
        DollarAmount: '12.34',
        Track1: swipe.track1,
        Track2: swipe.track2,
        CardHoldersName: 'CARD J TEST',
        Ecommerce_Flag: 'R',
        Reference_No: 'INV-1',
        Customer_Ref: 'C1',
      },
    });
  });

  it('pre-authorization from a keyed card: PAN digits, MMYY, CVD with presence 1, zip, the configured Ecommerce_Flag', () => {
    expect(preAuthorization(keyed, 5000, ctx).request).toEqual({
      Transaction_Type: '01',
      DollarAmount: '50.00',
      Card_Number: '4111111111111111',
      Expiry_Date: '0329',
      CardHoldersName: 'Jane Roe',
      CVDCode: '123',
      CVD_Presence_Ind: '1',
      ZipCode: '62701',
      Ecommerce_Flag: '1',
    });
    expect(purchase({ ...keyed, cvd: undefined, cvdPresence: 'illegible' }, 100, ctx).request).toMatchObject({ CVD_Presence_Ind: '2' });
    expect(purchase({ ...keyed, cvd: undefined }, 100, ctx).request).toMatchObject({ CVD_Presence_Ind: '0' });
  });

  it('every transaction type carries its code', () => {
    const types = [
      completion(keyed, 'ET1700', 100, ctx),
      refund(swipe, 100, ctx),
      verifyCard(keyed, ctx),
      voidTransaction(swipe, 'ET1700', 100, ctx),
      taggedPurchase(original, 100, ctx),
      taggedCompletion(original, 100, ctx),
      taggedVoid(original, 100, ctx),
      taggedRefund(original, 100, ctx),
      transactionLookup({ transactionTag: '106625152' }, ctx),
    ].map((c) => c.request.Transaction_Type);
    expect(types).toEqual(['02', '04', '05', '13', '30', '32', '33', '34', 'CR']);
    expect(verifyCard(keyed, ctx).request.DollarAmount).toBe('0.00');
    expect(taggedRefund(original, 250, ctx).request).toEqual({ Transaction_Type: '34', DollarAmount: '2.50', Transaction_Tag: '106625152', Authorization_Num: 'ET1700' });
    expect(transactionLookup({ transactionTag: '7' }, ctx).operation).toBe('TransactionInfo');
  });

  it('Level3 with up to 98 line items and a soft descriptor, amounts from cents', () => {
    const items = Array.from({ length: 98 }, (_, i) => ({ description: `item ${i}`, quantity: 2, unitCostCents: 150, taxCents: 5 }));
    const call = purchase(swipe, 29_400, ctx, { level3: { taxCents: 490, freightCents: 0, shipTo: { Zip: '62701' }, items }, softDescriptor: { DBAName: 'Store' } });
    const l3 = (call.request as GatewayRequest<'SendAndCommit'>).Level3;
    expect(l3?.LineItem).toHaveLength(98);
    expect(l3?.LineItem[0]).toEqual({ Description: 'item 0', LineItemTotal: '3.00', Quantity: '2', TaxAmount: '0.05', UnitCost: '1.50' });
    expect(l3).toMatchObject({ TaxAmount: '4.90', FreightAmount: '0.00', ShipToAddress: { Zip: '62701' } });
    expect((call.request as GatewayRequest<'SendAndCommit'>).SoftDescriptor).toEqual({ DBAName: 'Store' });
    expect(issuesOf(() => purchase(swipe, 100, ctx, { level3: { shipTo: {}, items: [...items, items[0] as never] } }))).toEqual(['Level3.LineItem: Level3 needs 1 to 98 line items']);
    expect(issuesOf(() => purchase(swipe, 100, ctx, { level3: { shipTo: {}, items: [{ description: 'x', quantity: '1.5', unitCostCents: 100 }] } }))).toEqual(['Level3.LineItem[0].LineItemTotal: give the line total for a decimal quantity']);
  });

  it('check sale from MICR data plus a driver licence; check lookup', () => {
    const call = checkSale({ routing: '244183602', account: '15378535', checkNumber: '1', checkType: 'personal' }, 2500, { name: 'Jane Roe', id: { type: 'drivers-licence', state: 'tx', number: '123456789' } }, ctx, { referenceNo: 'CHK-1' });
    expect(call).toEqual({
      operation: 'SendAndCommitCheck',
      request: {
        Transaction_Type: '00', DollarAmount: '25.00', CheckType: 'P', CheckNumber: '1', BankAccountNumber: '15378535', BankRoutingNumber: '244183602',
        CustomerName: 'Jane Roe', Ecommerce_Flag: 'R', Reference_No: 'CHK-1', CustomerIDType: 0, CustomerID: 'TX123456789',
      },
    });
    expect(checkSale({ micrLine: 'T244183602T15378535O0001', checkType: 'corporate' }, 100, { id: { type: 'tax-id', number: '12-3456789' } }, ctx).request).toMatchObject({ MICR: 'T244183602T15378535O0001', CheckType: 'C', CustomerIDType: 2 });
    expect(checkLookup({ transactionTag: '9' }, ctx)).toEqual({ operation: 'CheckTransactionInfo', request: { Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: '9' } });
  });
});

describe('field rules, enforced before sending', () => {
  it.each([
    ['a Luhn-invalid keyed number', () => purchase({ ...keyed, pan: '4111111111111113' }, 100, ctx), /Card_Number: card number fails the check digit/],
    ['a short card number', () => purchase({ ...keyed, pan: '411111' }, 100, ctx), /13 to 19 digits/],
    ['an expired card', () => purchase({ ...keyed, expiryMonth: 5, expiryYear: 2026 }, 100, ctx), /Expiry_Date: the card has expired/],
    ['a month 13', () => purchase({ ...keyed, expiryMonth: 13 }, 100, ctx), /Expiry_Date: expiry date must be MMYY/],
    ['a keyed card without a name', () => purchase({ ...keyed, cardholderName: ' ' }, 100, ctx), /CardHoldersName: a keyed card needs the cardholder name/],
    ['track 2 alone without a name', () => purchase({ entry: 'swipe', track2: swipe.track2 }, 100, ctx), /Track2-only swipe needs the cardholder name/],
    ['no card data', () => purchase({ entry: 'swipe' }, 100, ctx), /card data is required/],
    ['fractional cents', () => purchase(swipe, 10.5, ctx), /whole cents/],
    ['an amount over 99999.99', () => purchase(swipe, 10_000_000, ctx), /whole cents/],
    ['a 5-digit CVD', () => purchase({ ...keyed, cvd: '12345' }, 100, ctx), /CVD must be 3 or 4 digits/],
    ['CVD with presence "illegible"', () => purchase({ ...keyed, cvdPresence: 'illegible' }, 100, ctx), /presence must be 1/],
    ['a tag that is not a number', () => taggedVoid({ ...original, transactionTag: 'abc' }, 100, ctx), /Transaction_Tag: a transaction tag is a number/],
    ['a completion without authorization number', () => completion(keyed, '', 100, ctx), /Authorization_Num: Pre-Authorization Completion needs/],
    ['a bad routing number', () => checkSale({ routing: '244183603', account: '15378535', checkNumber: '1', checkType: 'personal' }, 100, {}, ctx), /BankRoutingNumber: routing number must be 9 digits/],
    ['a licence without state', () => checkSale({ routing: '244183602', account: '15378535', checkNumber: '1', checkType: 'personal' }, 100, { id: { type: 'drivers-licence', state: '', number: '123' } }, ctx), /starts with the two-letter state/],
    ['a check without check data', () => checkSale({ checkType: 'personal' }, 100, {}, ctx), /MICR: check data is required/],
  ])('refuses %s with a clear message', (_name, build, message) => {
    expect(issuesOf(build).join('\n')).toMatch(message);
  });

  it('tagged transactions and lookups must not carry card data', () => {
    expect(transactionIssues({ Transaction_Type: '32', DollarAmount: '1.00', Transaction_Tag: '1', Authorization_Num: 'ET1', Card_Number: '4111111111111111' }, ctx.now))
      .toEqual([{ field: 'Card_Number', message: 'a tagged transaction must not carry card data' }]);
    expect(transactionIssues({ Transaction_Type: 'CR', Transaction_Tag: '1', Track2: ';4111=1' }, ctx.now)).toEqual([{ field: 'Track2', message: 'a lookup must not carry card data' }]);
    expect(transactionIssues({ Transaction_Type: '99' }, ctx.now)[0]?.field).toBe('Transaction_Type');
    expect(checkTransactionIssues({ Transaction_Type: 'CR' }, ctx.now)[0]?.field).toBe('Transaction_Tag');
    // Characters XML 1.0 cannot carry are refused wherever they are, nested fields included.
    const sale = { Transaction_Type: '00', DollarAmount: '1.00', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'A B' };
    expect(transactionIssues({ ...sale, Customer_Ref: 'a\u0001b' }, ctx.now)).toEqual([{ field: 'Customer_Ref', message: 'contains control characters XML cannot carry' }]);
    expect(transactionIssues({ ...sale, Address: { City: 'a\u0001b' } }, ctx.now)).toEqual([{ field: 'Address.City', message: 'contains control characters XML cannot carry' }]);
    expect(checkTransactionIssues({ Transaction_Type: 'CR', Transaction_Tag: '1', Address: { Zip: '\u000b' } }, ctx.now)).toEqual([{ field: 'Address.Zip', message: 'contains control characters XML cannot carry' }]);
  });

  it('never echoes the rejected value in a message', () => {
    const text = issuesOf(() => purchase({ ...keyed, pan: '4111111111111113', cvd: '98765' }, 100, ctx)).join(' ');
    expect(text).not.toContain('4111111111111113');
    expect(text).not.toContain('98765');
  });
});
