import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PosError } from '../../../main/api/errors';
import { claimCents, heldCents, type ClaimRow } from '../../../main/payments/claim-rule';
import { PAYMENT_STATES, type PaymentState } from '../../../main/payments/states';

const sale = (cents = 10_00, over: Partial<ClaimRow> = {}): ClaimRow => ({ clientRef: 'T-SALE', type: 'sale', state: 'approved', requestedCents: cents, approvedCents: cents, ...over });
const child = (type: ClaimRow['type'], state: PaymentState, cents: number, ref = `T-${type}-${state}`): ClaimRow => ({
  clientRef: ref,
  type,
  state,
  requestedCents: cents,
  approvedCents: state === 'approved' ? cents : null,
});

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof PosError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

describe('claimCents', () => {
  it('gives a void the whole payment, and a refund or completion without an amount what is left', () => {
    expect(claimCents(sale(), [], { type: 'void', cents: 0 })).toBe(10_00);
    expect(claimCents(sale(), [child('refund', 'approved', 4_00)], { type: 'refund', cents: 0 })).toBe(6_00);
    const pre = sale(50_00, { type: 'preauth' });
    expect(claimCents(pre, [], { type: 'completion', cents: 0 })).toBe(50_00);
    expect(claimCents(pre, [], { type: 'completion', cents: 45_00 })).toBe(45_00);
  });

  it('counts a partial approval as what the original paid', () => {
    expect(claimCents(sale(10_00, { approvedCents: 7_50 }), [], { type: 'refund', cents: 0 })).toBe(7_50);
  });

  it('refuses, in dollars, a refund past what was paid, counting refunds still on their way', () => {
    expect(refusal(() => claimCents(sale(), [child('refund', 'approved', 10_00)], { type: 'refund', cents: 0 }))).toEqual({
      code: 'BAD_INPUT',
      message: '$10.00 of $10.00 already refunded: nothing is left to refund of payment T-SALE',
    });
    expect(refusal(() => claimCents(sale(), [child('refund', 'choosing', 10_00)], { type: 'refund', cents: 10_00 })).message).toBe(
      '$10.00 of $10.00 already refunded or being refunded: nothing is left to refund of payment T-SALE',
    );
    expect(refusal(() => claimCents(sale(), [child('refund', 'approved', 4_00)], { type: 'refund', cents: 7_00 })).message).toBe(
      '$4.00 of $10.00 already refunded: only $6.00 is left to refund of payment T-SALE',
    );
  });

  it('lets a refund that was declined, rejected, failed, cancelled or written off hold nothing', () => {
    for (const state of ['declined', 'rejected', 'failed', 'cancelled', 'voided'] as const) {
      expect(claimCents(sale(), [child('refund', state, 10_00)], { type: 'refund', cents: 0 }), state).toBe(10_00);
    }
  });

  it('settles a refund whose answer is unknown before another, even when money is left', () => {
    for (const state of ['sending', 'forwarding', 'needs-lookup'] as const) {
      expect(refusal(() => claimCents(sale(), [child('refund', state, 2_00, 'T-R1')], { type: 'refund', cents: 1_00 })), state).toEqual({
        code: 'CONFLICT',
        message: `a refund of payment T-SALE (T-R1) is ${state}: settle it first`,
      });
    }
  });

  it('allows one void, in flight or done, and nothing after it', () => {
    expect(refusal(() => claimCents(sale(), [child('void', 'approved', 10_00, 'T-V')], { type: 'void', cents: 0 }))).toEqual({ code: 'CONFLICT', message: 'payment T-SALE is already voided (T-V)' });
    expect(refusal(() => claimCents(sale(), [child('void', 'choosing', 10_00, 'T-V')], { type: 'void', cents: 0 })).message).toBe(
      'payment T-SALE is already being voided (T-V is choosing): wait for its answer',
    );
    expect(refusal(() => claimCents(sale(), [child('void', 'needs-lookup', 10_00, 'T-V')], { type: 'refund', cents: 1_00 })).code).toBe('CONFLICT');
    expect(claimCents(sale(), [child('void', 'declined', 10_00)], { type: 'void', cents: 0 })).toBe(10_00);
  });

  it('refuses a void once money went back or was captured, which the void would not undo', () => {
    expect(refusal(() => claimCents(sale(), [child('refund', 'approved', 3_00, 'T-R')], { type: 'void', cents: 0 }))).toEqual({
      code: 'CONFLICT',
      message: 'payment T-SALE has $3.00 of it refunded (T-R): a void would not undo that; void T-R first, or refund what is left',
    });
    const pre = sale(50_00, { type: 'preauth' });
    expect(refusal(() => claimCents(pre, [child('completion', 'approved', 45_00, 'T-C')], { type: 'void', cents: 0 })).code).toBe('CONFLICT');
  });

  it('lets a refund or completion undone by a void of its own hold nothing', () => {
    const undone = { ...child('refund', 'approved', 3_00, 'T-R'), voided: true };
    expect(heldCents(undone)).toBe(0);
    expect(claimCents(sale(), [undone], { type: 'void', cents: 0 })).toBe(10_00);
    expect(claimCents(sale(), [undone, child('refund', 'approved', 2_00)], { type: 'refund', cents: 0 })).toBe(8_00);
    const pre = sale(50_00, { type: 'preauth' });
    expect(claimCents(pre, [{ ...child('completion', 'approved', 45_00), voided: true }], { type: 'completion', cents: 0 })).toBe(50_00);
  });

  it('allows one completion per pre-authorization, never above what it authorized', () => {
    const pre = sale(50_00, { type: 'preauth' });
    expect(refusal(() => claimCents(pre, [child('completion', 'approved', 20_00, 'T-C')], { type: 'completion', cents: 10_00 }))).toEqual({
      code: 'CONFLICT',
      message: 'pre-authorization T-SALE is already completed (T-C, $20.00)',
    });
    expect(refusal(() => claimCents(pre, [child('completion', 'sending', 20_00, 'T-C')], { type: 'completion', cents: 10_00 })).message).toMatch(/already being completed/);
    expect(refusal(() => claimCents(pre, [], { type: 'completion', cents: 50_01 }))).toEqual({
      code: 'BAD_INPUT',
      message: 'a completion of $50.01 is above the $50.00 pre-authorized by T-SALE',
    });
    expect(claimCents(pre, [child('completion', 'declined', 50_00)], { type: 'completion', cents: 0 })).toBe(50_00);
  });

  it('refuses an original that is not approved, or of a type the operation cannot be made from', () => {
    expect(refusal(() => claimCents(sale(10_00, { state: 'offline' }), [], { type: 'refund', cents: 0 }))).toEqual({
      code: 'CONFLICT',
      message: 'payment T-SALE is offline: only an approved payment can be refunded',
    });
    expect(refusal(() => claimCents(sale(), [], { type: 'completion', cents: 0 })).code).toBe('BAD_INPUT');
    expect(refusal(() => claimCents(sale(10_00, { type: 'refund' }), [], { type: 'refund', cents: 0 })).code).toBe('BAD_INPUT');
    expect(refusal(() => claimCents(sale(), [], { type: 'sale', cents: 0 })).code).toBe('BAD_INPUT');
  });

  it('never lets what is held add up past the original, whatever the order of claims and answers', () => {
    const op = fc.record({
      type: fc.constantFrom<'refund' | 'void' | 'completion'>('refund', 'void', 'completion'),
      cents: fc.integer({ min: 0, max: 12_00 }),
      end: fc.constantFrom(...PAYMENT_STATES),
    });
    fc.assert(
      fc.property(fc.constantFrom<'sale' | 'preauth'>('sale', 'preauth'), fc.array(op, { maxLength: 12 }), (type, ops) => {
        const original = sale(10_00, { type });
        const made: ClaimRow[] = [];
        for (const [i, o] of ops.entries()) {
          let cents: number;
          try {
            cents = claimCents(original, made, { type: o.type, cents: o.cents });
          } catch (e) {
            if (e instanceof PosError) continue;
            throw e;
          }
          // The claim's row then ends in any state; an approval moves exactly what it claimed.
          made.push(child(o.type, o.end, cents, `T-${i}`));
          const holding = made.filter((m) => heldCents(m) > 0);
          const sum = (t: string): number => holding.filter((m) => m.type === t).reduce((s, m) => s + heldCents(m), 0);
          expect(sum('refund')).toBeLessThanOrEqual(10_00);
          expect(holding.filter((m) => m.type === 'void').length).toBeLessThanOrEqual(1);
          expect(holding.filter((m) => m.type === 'completion').length).toBeLessThanOrEqual(1);
          expect(sum('completion')).toBeLessThanOrEqual(10_00);
          // A void stands alone: nothing else holds money beside it.
          if (holding.some((m) => m.type === 'void')) expect(holding.every((m) => m.type === 'void')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
