import { describe, expect, it } from 'vitest';
import type { GatewayOutcome } from '../../../main/gateway/outcome';
import { approvedCentsOf, resolveOutcome, type ResolveContext, type SendPath } from '../../../main/payments/resolve-outcome';
import { canMove, type PaymentState } from '../../../main/payments/states';
import { gatewayResult, OUTCOME_NAMES, OUTCOMES, type OutcomeName } from '../../support/payments';

const PATHS: readonly SendPath[] = ['sale', 'forward', 'lookup'];
/** Where each path sends from: a sale is `sending`, a stored payment `forwarding`, a lookup `needs-lookup`. */
const FROM: Record<SendPath, PaymentState> = { sale: 'sending', forward: 'forwarding', lookup: 'needs-lookup' };
const RETRY_AT = '2030-03-01T12:05:00.000Z';

const ctx = (path: SendPath, extra: Partial<ResolveContext> = {}): ResolveContext => ({ path, requestedCents: 1_000, partialAllowed: true, retryAt: RETRY_AT, ...extra });

/** The state each outcome leads to on each path (a sale's not-sent: without an offline decision). */
const EXPECTED: Record<OutcomeName, Record<SendPath, PaymentState>> = {
  approved: { sale: 'approved', forward: 'approved', lookup: 'approved' },
  declined: { sale: 'declined', forward: 'declined', lookup: 'declined' },
  rejected: { sale: 'rejected', forward: 'rejected', lookup: 'rejected' },
  'rejected-unknown-tag': { sale: 'rejected', forward: 'rejected', lookup: 'needs-lookup' },
  'not-sent': { sale: 'failed', forward: 'offline', lookup: 'needs-lookup' },
  unknown: { sale: 'needs-lookup', forward: 'needs-lookup', lookup: 'needs-lookup' },
  'fault-server': { sale: 'needs-lookup', forward: 'needs-lookup', lookup: 'needs-lookup' },
  'fault-client': { sale: 'failed', forward: 'failed', lookup: 'needs-lookup' },
  'http-500': { sale: 'needs-lookup', forward: 'needs-lookup', lookup: 'needs-lookup' },
  'http-401': { sale: 'failed', forward: 'failed', lookup: 'needs-lookup' },
  invalid: { sale: 'failed', forward: 'failed', lookup: 'needs-lookup' },
};

const cases = OUTCOME_NAMES.flatMap((name) => PATHS.map((path) => [name, path] as const));

describe('resolveOutcome', () => {
  it.each(cases)('%s on the %s path goes where the table says, by an allowed move, recording its kind', (name, path) => {
    const outcome: GatewayOutcome<unknown> = OUTCOMES[name];
    const r = resolveOutcome(outcome, ctx(path));
    expect(r.state).toBe(EXPECTED[name][path]);
    expect(r.state === FROM[path] || canMove(FROM[path], r.state)).toBe(true);
    expect(r.patch.outcomeKind).toBe(outcome.kind);
    expect(r.patch.message).toEqual(expect.any(String));
  });

  it('an approval records the gateway’s references and the amount, and needs no attention', () => {
    for (const path of PATHS) {
      expect(resolveOutcome(OUTCOMES.approved, ctx(path)).patch).toMatchObject({
        tag: '106625200',
        authorizationNum: 'ET1234',
        sequenceNo: '000123',
        retrievalRef: '7766554',
        gatewayCode: '00',
        bankCode: '100',
        approvedCents: 1_000,
        attention: false,
        receipt: 'TRAINING STORE\nAPPROVED - THANK YOU 100',
      });
    }
  });

  it('a decline or rejection at the counter needs no attention; after forwarding or a lookup it does', () => {
    for (const name of ['declined', 'rejected'] as const) {
      expect(resolveOutcome(OUTCOMES[name], ctx('sale')).patch).toMatchObject({ attention: false, approvedCents: 0 });
      expect(resolveOutcome(OUTCOMES[name], ctx('forward')).patch).toMatchObject({ attention: true, approvedCents: 0 });
      expect(resolveOutcome(OUTCOMES[name], ctx('lookup')).patch).toMatchObject({ attention: true, approvedCents: 0 });
    }
    expect(resolveOutcome(OUTCOMES.declined, ctx('sale')).patch.bankCode).toBe('530');
    expect(resolveOutcome(OUTCOMES.rejected, ctx('sale')).patch.gatewayCode).toBe('22');
  });

  it('a refusal as it stands (4xx, Client fault, invalid) needs attention only once the customer has left', () => {
    for (const name of ['fault-client', 'http-401', 'invalid'] as const) {
      expect(resolveOutcome(OUTCOMES[name], ctx('sale')).patch.attention).toBe(false);
      expect(resolveOutcome(OUTCOMES[name], ctx('forward')).patch.attention).toBe(true);
    }
  });

  it('a refused lookup says nothing of the payment: it stays in the lookup list, never failed (its money would be claimable again)', () => {
    for (const name of ['fault-client', 'http-401', 'invalid'] as const) {
      const r = resolveOutcome(OUTCOMES[name], ctx('lookup'));
      expect(r.state).toBe('needs-lookup');
      expect(r.patch.message).toMatch(/^the lookup was refused .*still unknown$/);
    }
  });

  it('a lookup of a tag the gateway does not know keeps the payment waiting, saying so', () => {
    const r = resolveOutcome(OUTCOMES['rejected-unknown-tag'], ctx('lookup'));
    expect(r.state).toBe('needs-lookup');
    expect(r.patch.message).toMatch(/does not know this tag/);
    expect(r.patch.tag).toBeUndefined();
  });

  it('not sent at the counter: stored offline when the policy allows, failed with the reason when it does not', () => {
    expect(resolveOutcome(OUTCOMES['not-sent'], ctx('sale', { offline: { allowed: true } }))).toMatchObject({
      state: 'offline',
      patch: { storedOffline: true, outcomeKind: 'not-sent', message: 'stored offline: the gateway could not be reached' },
    });
    const refused = resolveOutcome(OUTCOMES['not-sent'], ctx('sale', { offline: { allowed: false, reason: 'checks cannot be taken offline' } }));
    expect(refused.state).toBe('failed');
    expect(refused.patch.message).toMatch(/nothing was sent; not stored offline: checks cannot be taken offline$/);
    expect(refused.patch.storedOffline).toBeUndefined();
  });

  it('not sent while forwarding: back in the queue until the retry time, the claim released', () => {
    expect(resolveOutcome(OUTCOMES['not-sent'], ctx('forward')).patch).toMatchObject({ nextAttemptAt: RETRY_AT, owner: null, leaseUntil: null });
    expect(resolveOutcome(OUTCOMES['not-sent'], ctx('forward', { retryAt: undefined })).patch.nextAttemptAt).toBeNull();
  });

  it('an outcome that may hide a processed payment is never resent blindly: it waits for a lookup, claim released', () => {
    for (const name of ['unknown', 'fault-server', 'http-500'] as const) {
      for (const path of ['sale', 'forward'] as const) {
        expect(resolveOutcome(OUTCOMES[name], ctx(path))).toMatchObject({ state: 'needs-lookup', patch: { owner: null, leaseUntil: null } });
      }
    }
  });

  it('keeps no card number in the receipt or the message it records', () => {
    const withPan: GatewayOutcome<unknown> = { kind: 'approved', result: gatewayResult({ CTR: 'CARD 4111111111111111\nAPPROVED' }) };
    const receipt = resolveOutcome(withPan, ctx('sale')).patch.receipt ?? '';
    expect(receipt).not.toContain('4111111111111111');
    expect(receipt).toContain('1111');
    const notSent: GatewayOutcome<unknown> = { kind: 'not-sent', reason: 'connect-failed', message: 'card 4111 1111 1111 1111 could not be sent', retry: 'safe' };
    expect(resolveOutcome(notSent, ctx('forward')).patch.message).not.toMatch(/4111 1111 1111 1111/);
  });

  it('blank result fields are recorded as null, not as empty text', () => {
    const blank: GatewayOutcome<unknown> = { kind: 'approved', result: gatewayResult({ Transaction_Tag: '  ', Retrieval_Ref_No: '', CTR: '', SequenceNo: undefined }) };
    expect(resolveOutcome(blank, ctx('sale')).patch).toMatchObject({ tag: null, retrievalRef: null, receipt: null, sequenceNo: null });
  });
});

describe('partial approvals', () => {
  it.each([
    ['6.50', true, 650],
    ['6.50', false, 1_000],
    ['abc', false, 1_000],
    ['10.00', true, 1_000],
    [' 00010.00 ', true, 1_000],
  ] as const)('DollarAmount %s with partial approval %s: %d cents approved of 1000', (amount, allowed, cents) => {
    const result = { Gateway_Resp_Code: '00', DollarAmount: amount };
    expect(approvedCentsOf(result, 1_000, allowed)).toBe(cents);
    const r = resolveOutcome({ kind: 'approved', result: gatewayResult({ DollarAmount: amount }) }, { path: 'sale', requestedCents: 1_000, partialAllowed: allowed });
    expect(r).toMatchObject({ state: 'approved', patch: { approvedCents: cents } });
  });

  it.each([['12.00'], ['10,00'], ['1e3'], ['10.001'], ['-5.00'], ['0.00'], ['999999999999.00'], ['abc'], [''], [undefined]])(
    'an approval with partial approval allowed whose DollarAmount (%s) cannot be taken as paid is looked up, never guessed full',
    (amount) => {
      const result = { Gateway_Resp_Code: '00', ...(amount !== undefined ? { DollarAmount: amount } : {}) };
      expect(approvedCentsOf(result, 1_000, true)).toBeUndefined();
      for (const path of PATHS) {
        const r = resolveOutcome({ kind: 'approved', result: gatewayResult({ DollarAmount: amount }) }, ctx(path, { requestedCents: 1_000 }));
        expect(r.state, path).toBe('needs-lookup');
        expect(r.patch, path).toMatchObject({ outcomeKind: 'approved', tag: '106625200', owner: null, leaseUntil: null });
        expect(r.patch.approvedCents, path).toBeUndefined();
        expect(r.patch.message, path).toMatch(/^approved, but the amount approved .* look it up before taking anything more$/);
      }
    },
  );

  it('the same on every path: a forwarded or looked-up partial approval records the approved amount', () => {
    for (const path of PATHS) {
      expect(resolveOutcome({ kind: 'approved', result: gatewayResult({ DollarAmount: '25.00' }) }, ctx(path, { requestedCents: 4_000 })).patch.approvedCents).toBe(2_500);
    }
  });

  it('once the customer has left, a partial approval needs attention and says what is still to be collected; at the counter it does not', () => {
    const partial: GatewayOutcome<unknown> = { kind: 'approved', result: gatewayResult({ DollarAmount: '25.00' }) };
    for (const path of ['forward', 'lookup'] as const) {
      expect(resolveOutcome(partial, ctx(path, { requestedCents: 4_000 })).patch).toMatchObject({
        approvedCents: 2_500,
        attention: true,
        message: 'approved $25.00 of $40.00: $15.00 is still to be collected from the customer',
      });
    }
    expect(resolveOutcome(partial, ctx('sale', { requestedCents: 4_000 })).patch).toMatchObject({ approvedCents: 2_500, attention: false, message: 'approved' });
    // A full approval after forwarding needs nothing.
    expect(resolveOutcome({ kind: 'approved', result: gatewayResult({ DollarAmount: '40.00' }) }, ctx('forward', { requestedCents: 4_000 })).patch.attention).toBe(false);
  });
});
