import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayOutcome } from '../../../main/gateway/outcome';
import { Forwarder } from '../../../main/payments/forwarder';
import type { JournalStore } from '../../../main/payments/journal/journal';
import type { GatewayLease } from '../../../main/payments/ports';
import { gatewayResult, memoryJournal, newPayment } from '../../support/payments';

/**
 * A lookup's answer decides a payment only when it is about that payment: a rejection that does
 * not carry the payment's reference refused the lookup (a wrong gateway id after a change, a
 * terminal not activated, a host not ready), and the payment stays to be looked up.
 */
const AT = new Date('2030-03-01T12:00:00.000Z');

let journal: JournalStore | undefined;
afterEach(() => journal?.close());

function lookupOf(answer: GatewayOutcome<unknown>): { journal: JournalStore; forwarder: Forwarder } {
  const j = (journal = memoryJournal());
  j.create(newPayment('L-LOOKUP', 25_00), 'needs-lookup', AT, { tag: '106625152' });
  const gateway: GatewayLease = {
    mode: 'live',
    send: async () => answer,
    builderContext: () => ({ keyedEcommerceFlag: 'R', now: AT }),
    knownOffline: () => false,
    preconnect: () => undefined,
    release: () => undefined,
  };
  const forwarder = new Forwarder({ open: async () => ({ journal: j, gateway }), unseal: (b) => b, owner: 'till-1/1/me', now: () => AT, log: pino({ level: 'silent' }), changed: () => undefined });
  return { journal: j, forwarder };
}

const rejected = (code: string, message: string, fields: Record<string, unknown> = {}): GatewayOutcome<unknown> => ({
  kind: 'rejected',
  gatewayCode: code,
  gatewayMessage: message,
  result: gatewayResult({ Transaction_Approved: false, Transaction_Error: true, Gateway_Resp_Code: code, Gateway_Message: message, Transaction_Tag: '', ...fields }),
});

describe('a lookup the gateway rejects', () => {
  it('leaves the payment to be looked up again when the rejection is not about it (no reference of its own)', async () => {
    const { journal: j, forwarder } = lookupOf(rejected('14', 'Invalid Gateway ID'));
    await forwarder.forwardNow();
    const row = j.get('L-LOOKUP');
    expect(row).toMatchObject({ state: 'needs-lookup', tag: '106625152', owner: null });
    expect(row?.message).toMatch(/^the lookup was refused .*still unknown$/);
    expect(row?.nextAttemptAt).not.toBeNull();
  });

  it("takes the payment's own rejection, answered with its reference, as final", async () => {
    const { journal: j, forwarder } = lookupOf(rejected('22', 'Invalid Credit Card Number', { Reference_No: 'L-LOOKUP' }));
    await forwarder.forwardNow();
    expect(j.get('L-LOOKUP')).toMatchObject({ state: 'rejected', approvedCents: 0 });
  });
});
