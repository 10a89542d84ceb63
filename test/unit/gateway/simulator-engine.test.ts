import { describe, expect, it } from 'vitest';
import type { SimRecord } from '../../../main/training/gateway/contract';
import { GatewayEngine } from '../../../main/training/gateway/engine';

const now = new Date('2026-06-15T12:00:00Z');
const creds = { GatewayID: 'G', Password: 'P' };
const keyed = (amount: string, extra: SimRecord = {}): SimRecord => ({ ...creds, Transaction_Type: '00', DollarAmount: amount, Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D', ...extra });

describe('simulated gateway behaviour', () => {
  it('approves with an ET authorization number, a tag, a sequence number, a masked echo and a CTR', () => {
    const r = new GatewayEngine({ now: () => now }).process('SendAndCommit', keyed('10.00', { CVDCode: '123' }));
    expect(r).toMatchObject({ Transaction_Approved: 'true', Transaction_Error: 'false', Gateway_Resp_Code: '00', Bank_Resp_Code: '100', Card_Number: '############1111', Password: '', CVDCode: '', CVV2: 'M' });
    expect(r.Authorization_Num).toMatch(/^ET\d{4,6}$/);
    expect(r.Transaction_Tag).toMatch(/^\d+$/);
    expect(r.SequenceNo).toMatch(/^\d{6}$/);
    expect(r.Retrieval_Ref_No).toMatch(/^\d{7}$/);
    expect(r.CTR).toContain('Approved - Thank You 100');
    expect(r.CTR).toContain('############1111');
    expect(r.CTR).not.toContain('4111111111111111');
  });

  it.each([
    ['5302.00', { Transaction_Approved: 'false', Transaction_Error: 'false', Gateway_Resp_Code: '00', Bank_Resp_Code: '302', Bank_Message: 'Credit Floor' }],
    ['5521.00', { Bank_Resp_Code: '521', Bank_Message: 'Insufficient funds' }],
    ['5000.42', { Transaction_Approved: 'false', Transaction_Error: 'true', Gateway_Resp_Code: '42', Gateway_Message: 'Unable to Send Transaction' }],
    ['5000.00', { Transaction_Approved: 'true' }],
  ])('amount %s triggers its demo answer', (amount, expected) => {
    expect(new GatewayEngine({ now: () => now }).process('SendAndCommit', keyed(amount))).toMatchObject(expected);
  });

  it('checks Luhn, expiry and the amount', () => {
    const e = new GatewayEngine({ now: () => now });
    expect(e.process('SendAndCommit', keyed('1.00', { Card_Number: '4111111111111113' })).Gateway_Resp_Code).toBe('22');
    expect(e.process('SendAndCommit', keyed('1.00', { Expiry_Date: '0526' })).Gateway_Resp_Code).toBe('25');
    expect(e.process('SendAndCommit', keyed('1.0')).Gateway_Resp_Code).toBe('26');
    expect(e.process('SendAndCommit', { ...creds, Transaction_Type: '00', DollarAmount: '1.00', Track1: '%B4003000123456781^TEST/CARD^28121010000000000000?' })).toMatchObject({ Transaction_Approved: 'true', CardHoldersName: 'CARD TEST', Track1: '' });
  });

  it('keeps a history: lookups, tagged completion up to the pre-auth, tagged void of the original amount, refunds up to the original', () => {
    const e = new GatewayEngine({ now: () => now });
    const pre = e.process('SendAndCommit', keyed('50.00', { Transaction_Type: '01' }));
    const ref = { ...creds, Transaction_Tag: pre.Transaction_Tag as string, Authorization_Num: pre.Authorization_Num as string };
    expect(e.process('TransactionInfo', { ...creds, Transaction_Type: 'CR', Transaction_Tag: ref.Transaction_Tag })).toMatchObject({ ...pre, Password: '' });
    expect(e.process('TransactionInfo', { ...creds, Transaction_Type: 'CR', Transaction_Tag: '1' }).Gateway_Resp_Code).toBe('69');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '60.00' }).Gateway_Resp_Code).toBe('26');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '40.00', Authorization_Num: 'ET0' }).Gateway_Resp_Code).toBe('93');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '40.00' }).Transaction_Approved).toBe('true');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '34', DollarAmount: '50.00' }).Transaction_Approved).toBe('true');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '34', DollarAmount: '0.01' })).toMatchObject({ Gateway_Resp_Code: '64', Gateway_Message: 'Invalid Refund' });
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '33', DollarAmount: '10.00' }).Gateway_Resp_Code).toBe('24');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '33', DollarAmount: '50.00' }).Transaction_Approved).toBe('true');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '33', DollarAmount: '50.00' }).Gateway_Resp_Code).toBe('24');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '1.00', Card_Number: '4111111111111111' }).Gateway_Resp_Code).toBe('72');
  });

  it('detects duplicates only when switched on (code 63, bank 299)', () => {
    const off = new GatewayEngine({ now: () => now });
    off.process('SendAndCommit', keyed('7.00'));
    expect(off.process('SendAndCommit', keyed('7.00')).Transaction_Approved).toBe('true');
    const on = new GatewayEngine({ now: () => now, duplicateWindowMinutes: 5 });
    on.process('SendAndCommit', keyed('7.00'));
    expect(on.process('SendAndCommit', keyed('7.00'))).toMatchObject({ Gateway_Resp_Code: '63', Bank_Resp_Code: '299', Transaction_Error: 'true' });
    expect(on.process('SendAndCommit', keyed('7.01')).Transaction_Approved).toBe('true');
  });

  it('approves the demo test check and refuses a bad routing number; check lookups', () => {
    const e = new GatewayEngine({ now: () => now });
    const check = { ...creds, Transaction_Type: '00', DollarAmount: '25.00', BankRoutingNumber: '244183602', BankAccountNumber: '15378535', CheckNumber: '1' };
    const ok = e.process('SendAndCommitCheck', check);
    expect(ok).toMatchObject({ Transaction_Approved: 'true', Bank_Resp_Code: '100', BankAccountNumber: '####8535' });
    expect(ok).not.toHaveProperty('AVS');
    expect(e.process('SendAndCommitCheck', { ...check, BankRoutingNumber: '244183603' })).toMatchObject({ Transaction_Approved: 'false', Bank_Resp_Code: '750' });
    expect(e.process('CheckTransactionInfo', { ...creds, Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: ok.Transaction_Tag as string }).Transaction_Approved).toBe('true');
    expect(e.process('TransactionInfo', { ...creds, Transaction_Type: 'CR', Transaction_Tag: ok.Transaction_Tag as string }).Gateway_Resp_Code).toBe('69');
  });
});
