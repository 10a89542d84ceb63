import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openCacheDb } from '../../../main/http/cache-db';
import { buildLeadRequest } from '../../../main/marketplace/lead';
import { LeadOutbox, OutboxFullError, type OutboxLimits } from '../../../main/marketplace/lead-outbox';
import type { Sealer } from '../../../main/store/terminal-key';
import { tempDir } from '../../support/tmp';

/** Seals by reversing the bytes: enough to show the body is not kept as it was written. */
const sealer: Sealer = {
  seal: (plain) => Buffer.from(Buffer.from(plain)).reverse(),
  unseal: (blob) => Buffer.from(blob).reverse(),
};
const LIMITS: OutboxLimits = { maxLeads: 3, maxAutoAttempts: 3, backoff: { baseMs: 60_000, maxMs: 240_000 } };
const NS = 'marketplace:https://m.example.com/gw|ACME';
const T0 = '2030-03-01T12:00:00.000Z';
const plus = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

function outbox(limits = LIMITS): LeadOutbox {
  const db = openCacheDb(tempDir('pos-outbox-'), {}, pino({ level: 'silent' }), () => new Date(T0));
  // random() = 1 - ε: each wait is its full ceiling, so the schedule can be read exactly.
  return new LeadOutbox(db, sealer, limits, () => 0.999999);
}
const lead = (uid: string) => ({ ...buildLeadRequest({ company: `Company ${uid}`, first_name: 'Ada', last_name: 'Byron' }), uid });

describe('the lead outbox', () => {
  it('backs off between tries by itself, doubling to its ceiling, while a person may always try', () => {
    const box = outbox();
    box.add(NS, lead('a'), T0, 'unreachable');
    expect(box.list()[0]).toMatchObject({ attempts: 1, attention: false, nextAttemptAt: plus(60_000) });
    expect(box.pending(NS, plus(59_000))).toEqual([]);
    expect(box.pending(NS).map((p) => p.uid)).toEqual(['a']);
    expect(box.pending(NS, plus(60_000)).map((p) => p.uid)).toEqual(['a']);
    box.failed('a', 'unreachable', plus(60_000));
    expect(box.list()[0]?.nextAttemptAt).toBe(plus(60_000 + 120_000));
    expect(box.pendingCount(NS, plus(179_000))).toBe(0);
    expect(box.pendingCount(NS, plus(180_000))).toBe(1);
  });

  it('puts a lead tried maxAutoAttempts times on the attention list: no longer tried by itself, still by a person', () => {
    const box = outbox();
    box.add(NS, lead('a'), T0, 'unreachable');
    box.failed('a', 'unreachable', T0);
    box.failed('a', 'unreachable', T0);
    expect(box.attention().map((r) => r.uid)).toEqual(['a']);
    expect(box.list()[0]).toMatchObject({ attempts: 3, attention: true, nextAttemptAt: null });
    expect(box.pending(NS, plus(10_000_000))).toEqual([]);
    expect(box.pending(NS).map((p) => p.uid)).toEqual(['a']);
    box.rejected('a', 'refused');
    expect(box.attention()).toMatchObject([{ uid: 'a', state: 'rejected', attention: true }]);
  });

  it('refuses a new lead beyond maxLeads in words, and still takes a lead it already keeps', () => {
    const box = outbox();
    for (const uid of ['a', 'b', 'c']) box.add(NS, lead(uid), T0, 'unreachable');
    expect(() => box.add(NS, lead('d'), T0, 'unreachable')).toThrow(OutboxFullError);
    expect(() => box.add(NS, lead('d'), T0, 'unreachable')).toThrow(/3 leads already wait in the outbox \(at most 3\)/);
    box.add(NS, lead('b'), T0, 'unreachable again');
    expect(box.list().find((r) => r.uid === 'b')).toMatchObject({ attempts: 2, lastProblem: 'unreachable again' });
    expect(box.remove('a')).toBe(true);
    box.add(NS, lead('d'), T0, 'unreachable');
    expect(box.list().map((r) => r.uid)).toEqual(['b', 'c', 'd']);
  });
});
