import { describe, expect, it } from 'vitest';
import { PREPAID_PAN, SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import type { SimRecord } from '../../../main/training/gateway/contract';
import { GatewayEngine } from '../../../main/training/gateway/engine';
import { memorySimStore } from '../../../main/training/gateway/sim-store';

const now = new Date('2026-06-15T12:00:00Z');
const creds = { GatewayID: 'G', Password: 'P' };
const keyed = (amount: string, extra: SimRecord = {}): SimRecord => ({ ...creds, Transaction_Type: '00', DollarAmount: amount, Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D', ...extra });
const prepaid = (amount: string, extra: SimRecord = {}): SimRecord => keyed(amount, { Card_Number: PREPAID_PAN, ...extra });
const engine = (): GatewayEngine => new GatewayEngine({ now: () => now });

describe('simulated gateway: partial approvals on the prepaid card', () => {
  it('approves the balance when PartialRedemption is sent: DollarAmount approved, AmountRequested asked', () => {
    const e = engine();
    const r = e.process('SendAndCommit', prepaid('30.00', { PartialRedemption: 'true' }));
    expect(r).toMatchObject({ Transaction_Approved: 'true', Bank_Resp_Code: '100', DollarAmount: '25.00', AmountRequested: '30.00', Card_Number: `############${PREPAID_PAN.slice(-4)}` });
    expect(r.CTR).toContain('$ 25.00');
    expect(e.stored().at(-1)).toMatchObject({ tag: r.Transaction_Tag, cents: 2_500, approved: true });
  });

  it('approves an amount within the balance in full, with or without PartialRedemption', () => {
    const e = engine();
    expect(e.process('SendAndCommit', prepaid('25.00', { PartialRedemption: 'true' }))).toMatchObject({ Transaction_Approved: 'true', DollarAmount: '25.00', AmountRequested: '25.00' });
    expect(e.process('SendAndCommit', prepaid('12.50'))).toMatchObject({ Transaction_Approved: 'true', DollarAmount: '12.50', AmountRequested: '12.50' });
  });

  it('declines an amount above the balance with bank code 521 without PartialRedemption (or with it false), and keeps the decline', () => {
    const e = engine();
    for (const extra of [{}, { PartialRedemption: 'false' }] as SimRecord[]) {
      const r = e.process('SendAndCommit', prepaid('25.01', extra));
      expect(r).toMatchObject({ Transaction_Approved: 'false', Transaction_Error: 'false', Gateway_Resp_Code: '00', Bank_Resp_Code: '521', Bank_Message: 'Insufficient funds', DollarAmount: '25.01' });
      expect(r.Transaction_Tag).toMatch(/^\d+$/);
    }
    expect(e.stored().map((s) => s.approved)).toEqual([false, false]);
  });

  it('limits a pre-authorization too, and its completion to the amount approved', () => {
    const e = engine();
    const pre = e.process('SendAndCommit', prepaid('40.00', { Transaction_Type: '01', PartialRedemption: 'true' }));
    expect(pre).toMatchObject({ Transaction_Approved: 'true', DollarAmount: '25.00', AmountRequested: '40.00' });
    const ref = { ...creds, Transaction_Tag: pre.Transaction_Tag as string, Authorization_Num: pre.Authorization_Num as string };
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '25.01' }).Gateway_Resp_Code).toBe('26');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '25.00' }).Transaction_Approved).toBe('true');
  });

  it('reads the prepaid card from its swiped track 2, and leaves other cards and refunds alone', () => {
    const e = engine();
    const track2 = SAMPLE_CARDS.prepaid.tracks[1] ?? '';
    expect(e.process('SendAndCommit', { ...creds, Transaction_Type: '00', DollarAmount: '60.00', Track2: track2, PartialRedemption: 'true' })).toMatchObject({ DollarAmount: '25.00', AmountRequested: '60.00', Track2: '' });
    expect(e.process('SendAndCommit', keyed('60.00', { PartialRedemption: 'true' }))).toMatchObject({ Transaction_Approved: 'true', DollarAmount: '60.00' });
    expect(e.process('SendAndCommit', prepaid('60.00', { Transaction_Type: '04' }))).toMatchObject({ Transaction_Approved: 'true', DollarAmount: '60.00' });
  });
});

describe('simulated gateway: Reference_No counts', () => {
  it('counts every processed request by its Reference_No, rejected and declined included, lookups not', () => {
    const e = engine();
    const sale = e.process('SendAndCommit', keyed('10.00', { Reference_No: 'R-1' }));
    e.process('SendAndCommit', keyed('10.00', { Reference_No: 'R-1' }));
    e.process('SendAndCommit', keyed('5000.26', { Reference_No: 'R-2' }));
    e.process('SendAndCommit', keyed('5521.00', { Reference_No: 'R-3' }));
    e.process('SendAndCommit', keyed('1.00'));
    e.process('TransactionInfo', { ...creds, Transaction_Type: 'CR', Transaction_Tag: sale.Transaction_Tag as string, Reference_No: 'R-1' });
    e.process('SendAndCommitCheck', { ...creds, Transaction_Type: '00', DollarAmount: '5.00', BankRoutingNumber: '244183602', BankAccountNumber: '15378535', CheckNumber: '1', Reference_No: 'C-1' });
    expect(e.referenceCounts()).toEqual(new Map([['R-1', 2], ['R-2', 1], ['R-3', 1], ['C-1', 1]]));
  });
});

describe('simulated gateway: tags from a shared store', () => {
  it('two engines on one store never hand out the same tag, and each finds the other\'s transactions', () => {
    const store = memorySimStore();
    const a = new GatewayEngine({ now: () => now, store });
    const b = new GatewayEngine({ now: () => now, store });
    const tags: string[] = [];
    for (let i = 0; i < 20; i++) tags.push((i % 2 ? a : b).process('SendAndCommit', keyed('1.00')).Transaction_Tag as string);
    expect(new Set(tags).size).toBe(20);
    expect(a.process('TransactionInfo', { ...creds, Transaction_Type: 'CR', Transaction_Tag: tags[0] ?? '' }).Transaction_Approved).toBe('true');
  });

  it('starts at firstTag, and goes on from the store when it already handed out higher ones', () => {
    const store = memorySimStore();
    expect(new GatewayEngine({ now: () => now, store, firstTag: 500 }).process('SendAndCommit', keyed('1.00')).Transaction_Tag).toBe('500');
    expect(new GatewayEngine({ now: () => now, store, firstTag: 100 }).process('SendAndCommit', keyed('1.00')).Transaction_Tag).toBe('501');
  });
});

describe('memory store: training faults', () => {
  it('sets, counts down per request of its stage, and clears', () => {
    const store = memorySimStore();
    expect(store.fault()).toEqual({ kind: 'none', remaining: null });
    expect(store.setFault({ kind: 'http-500', count: 2 })).toEqual({ kind: 'http-500', remaining: 2 });
    expect(store.takeFault('connect')).toBeUndefined();
    expect(store.takeFault('request')).toEqual({ kind: 'http-500', remaining: 2 });
    expect(store.fault()).toEqual({ kind: 'http-500', remaining: 1 });
    expect(store.takeFault('request')).toMatchObject({ kind: 'http-500' });
    expect(store.takeFault('request')).toBeUndefined();
    expect(store.fault().kind).toBe('none');
  });

  it('keeps a fault without a count until cleared; unreachable is taken before a request is sent', () => {
    const store = memorySimStore();
    store.setFault({ kind: 'unreachable' });
    expect(store.takeFault('request')).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(store.takeFault('connect')).toEqual({ kind: 'unreachable', remaining: null });
    expect(store.setFault({ kind: 'slow', delayMs: 50 })).toEqual({ kind: 'slow', remaining: null, delayMs: 50 });
    expect(store.setFault({ kind: 'none' })).toEqual({ kind: 'none', remaining: null });
    expect(store.takeFault('request')).toBeUndefined();
  });
});

describe('simulated gateway: the Language of the request', () => {
  it('prints the transaction record in French for FR (no line over 40 columns), in English otherwise, with the same facts', () => {
    const e = engine();
    const fr = e.process('SendAndCommit', keyed('12.34', { Language: 'FR' }));
    const en = e.process('SendAndCommit', keyed('12.34'));
    expect(fr.CTR).toContain('RELEVÉ DE TRANSACTION');
    expect(fr.CTR).toContain('TYPE: Achat');
    expect(fr.CTR).toContain('Approuvée - Merci');
    expect(fr.CTR).toContain('12,34 $ USD');
    expect(en.CTR).toContain('TRANSACTION RECORD');
    expect(en.CTR).toContain('Approved - Thank You');
    for (const line of (fr.CTR as string).split('\r\n')) expect(line.length).toBeLessThanOrEqual(40);
  });
});

describe('simulated gateway: a voided refund or completion gives its amount back', () => {
  const tagged = (r: SimRecord, type: string, amount?: string): SimRecord => ({
    ...creds,
    Transaction_Type: type,
    Transaction_Tag: r.Transaction_Tag as string,
    Authorization_Num: r.Authorization_Num as string,
    ...(amount ? { DollarAmount: amount } : {}),
  });

  it('lets a sale be refunded in full again once its partial refund is voided', () => {
    const e = engine();
    const sale = e.process('SendAndCommit', keyed('30.00'));
    const refund = e.process('SendAndCommit', tagged(sale, '34', '12.00'));
    expect(e.process('SendAndCommit', tagged(sale, '34', '30.00')).Gateway_Resp_Code).toBe('64');
    expect(e.process('SendAndCommit', tagged(refund, '33')).Transaction_Approved).toBe('true');
    expect(e.process('SendAndCommit', tagged(sale, '34', '30.00')).Transaction_Approved).toBe('true');
  });

  it('lets a pre-authorization be completed again once its completion is voided', () => {
    const e = engine();
    const pre = e.process('SendAndCommit', keyed('50.00', { Transaction_Type: '01' }));
    const completion = e.process('SendAndCommit', tagged(pre, '32', '45.00'));
    expect(e.process('SendAndCommit', tagged(pre, '32', '10.00')).Gateway_Resp_Code).toBe('26');
    expect(e.process('SendAndCommit', tagged(completion, '33')).Transaction_Approved).toBe('true');
    expect(e.process('SendAndCommit', tagged(pre, '32', '50.00')).Transaction_Approved).toBe('true');
  });
});
