import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLookup, checkSale, preAuthorization, purchase, taggedCompletion, taggedRefund, taggedVoid, transactionLookup } from '../../../main/gateway/builders';
import { createGatewayClient, type GatewayClient } from '../../../main/gateway/client';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { everyCheckField, everyTransactionField, MASKED_ECHO, NS } from '../../unit/gateway/fixtures';

let sim: GatewaySimulator;
let client: GatewayClient;
const ctx = { keyedEcommerceFlag: 'R', now: new Date() };

beforeAll(async () => {
  sim = await startGatewaySimulator({ namespace: NS });
  client = await createGatewayClient({ url: sim.url, namespace: NS, gatewayId: 'AB1234-01', password: 'secret-pw', connectTimeoutMs: 2000, timeoutMs: 5000 });
});
afterAll(async () => {
  client.close();
  await sim.close();
});

function approved<R>(outcome: { kind: string; result?: R }): R {
  expect(outcome.kind).toBe('approved');
  return outcome.result as R;
}

describe.each(['multiref', 'inline'] as const)('client and simulator over real HTTP (%s answers)', (style) => {
  beforeAll(() => sim.setResponseStyle(style));

  it('SendAndCommit round-trips every field, Level3 with 98 line items included', async () => {
    const request = everyTransactionField(98);
    const result = approved(await client.sendAndCommit(request));
    const { Transaction_Tag: _t, Authorization_Num: _a, ...sent } = { ...request, ...MASKED_ECHO };
    expect(result).toMatchObject(sent);
    expect(result.Level3?.LineItem).toHaveLength(98);
    expect(result.Level3).toEqual(request.Level3);
    expect(result.Transaction_Tag).not.toBe(request.Transaction_Tag);
    expect(result.Authorization_Num).toMatch(/^ET\d+$/);
    expect(result.CTR).toMatch(/Approved - Thank You 100/);
    // The request on the wire carried the whole card and the 98 items; the simulator read them all.
    const wire = sim.received().at(-1)?.body ?? '';
    expect(wire.match(/<LineItem>/g)).toHaveLength(98);
  });

  it('TransactionInfo returns every field of the stored transaction', async () => {
    const original = approved(await client.sendAndCommit(everyTransactionField(98)));
    const found = approved(await client.transactionInfo({ Transaction_Type: 'CR', Transaction_Tag: original.Transaction_Tag ?? '' }));
    expect(found).toEqual({ ...original, Password: '' });
  });

  it('SendAndCommitCheck round-trips every field; CheckTransactionInfo returns them', async () => {
    const request = everyCheckField();
    const result = approved(await client.sendAndCommitCheck(request));
    const { Transaction_Tag: _t, Authorization_Num: _a, ...sent } = { ...request, Password: '', MICR: '', BankAccountNumber: '####8535' };
    expect(result).toMatchObject(sent);
    expect(result.Bank_Resp_Code).toBe('100');
    const found = approved(await client.checkTransactionInfo({ Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: result.Transaction_Tag ?? '' }));
    expect(found).toEqual(result);
  });
});

describe('builders against the simulator', () => {
  it('pre-auth, lookup, tagged completion, tagged refund and tagged void of a second sale', async () => {
    const keyed = { entry: 'keyed', pan: '5500000000000004', expiryMonth: 12, expiryYear: 2039, cardholderName: 'Jane Roe', cvd: '123' } as const;
    const pre = preAuthorization(keyed, 10_000, ctx);
    const auth = approved(await client.send(pre.operation, pre.request as never)) as { Transaction_Tag: string; Authorization_Num: string };
    const original = { transactionTag: auth.Transaction_Tag, authorizationNum: auth.Authorization_Num };
    const look = transactionLookup({ transactionTag: original.transactionTag }, ctx);
    expect(approved(await client.send(look.operation, look.request as never))).toMatchObject({ Transaction_Type: '01', DollarAmount: '100.00' });
    const done = taggedCompletion(original, 8_000, ctx);
    expect((await client.send(done.operation, done.request as never)).kind).toBe('approved');
    const back = taggedRefund(original, 8_001, ctx);
    expect(await client.send(back.operation, back.request as never)).toMatchObject({ kind: 'approved' });
    const tooMuch = taggedRefund(original, 2_000, ctx);
    expect(await client.send(tooMuch.operation, tooMuch.request as never)).toMatchObject({ kind: 'rejected', gatewayCode: '64' });

    const sale = purchase({ entry: 'swipe', track1: '%B4003000123456781^TEST/CARD^39121010000000000000?' }, 1_999, ctx);
    const sold = approved(await client.send(sale.operation, sale.request as never)) as { Transaction_Tag: string; Authorization_Num: string };
    const voided = taggedVoid({ transactionTag: sold.Transaction_Tag, authorizationNum: sold.Authorization_Num }, 1_999, ctx);
    expect((await client.send(voided.operation, voided.request as never)).kind).toBe('approved');
  });

  it('check sale from MICR data and a licence, then the check lookup', async () => {
    const sale = checkSale({ routing: '244183602', account: '15378535', checkNumber: '1', checkType: 'personal' }, 2_500, { name: 'Jane Roe', id: { type: 'drivers-licence', state: 'TX', number: '123456789' } }, ctx);
    const result = approved(await client.send(sale.operation, sale.request as never)) as { Transaction_Tag: string };
    const look = checkLookup({ transactionTag: result.Transaction_Tag }, ctx);
    expect(approved(await client.send(look.operation, look.request as never))).toMatchObject({ DollarAmount: '25.00', CustomerID: 'TX123456789' });
  });
});
