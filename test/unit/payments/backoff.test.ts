import fc from 'fast-check';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayOutcome } from '../../../main/gateway/outcome';
import { backoffMs } from '../../../main/backoff';
import { FORWARDER_BACKOFF, Forwarder } from '../../../main/payments/forwarder';
import type { GatewayLease } from '../../../main/payments/ports';
import type { JournalStore } from '../../../main/payments/journal/journal';
import { memoryJournal, newPayment, OUTCOMES } from '../../support/payments';

const B = { baseMs: 5_000, maxMs: 300_000 };
const ceiling = (attempts: number): number => Math.min(B.maxMs, B.baseMs * 2 ** Math.max(0, attempts - 1));

describe('backoffMs', () => {
  it('waits between half and all of the ceiling, which doubles from the base', () => {
    expect(backoffMs(1, 0, B)).toBe(2_500);
    expect(backoffMs(1, 0.999_999, B)).toBe(5_000);
    expect(backoffMs(2, 0, B)).toBe(5_000);
    expect(backoffMs(2, 0.5, B)).toBe(7_500);
    expect(backoffMs(3, 0, B)).toBe(10_000);
  });

  it('never waits longer than the cap, however many attempts', () => {
    expect(backoffMs(7, 0.999_999, B)).toBe(300_000);
    expect(backoffMs(8, 0, B)).toBe(150_000);
    expect(backoffMs(1_000_000, 0.999_999, B)).toBe(300_000);
    expect(backoffMs(Number.MAX_SAFE_INTEGER, 0.5, B)).toBe(225_000);
  });

  it('treats no attempt yet (or a negative count) as the first', () => {
    expect(backoffMs(0, 0, B)).toBe(2_500);
    expect(backoffMs(-3, 0.999_999, B)).toBe(5_000);
  });

  it('uses 5 s doubling to 5 min by default', () => {
    expect(backoffMs(1, 0, FORWARDER_BACKOFF)).toBe(2_500);
    expect(backoffMs(50, 0.999_999, FORWARDER_BACKOFF)).toBe(300_000);
  });

  it('stays within [ceiling / 2, ceiling] and grows with the attempts, for any base, cap and jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 10_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.integer({ min: 1, max: 3_600_000 }),
        (attempts, random, baseMs, extra) => {
          const b = { baseMs, maxMs: baseMs + extra };
          const ceil = Math.min(b.maxMs, b.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
          const v = backoffMs(attempts, random, b);
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(Math.floor(ceil / 2));
          expect(v).toBeLessThanOrEqual(Math.ceil(ceil));
          expect(v).toBeLessThanOrEqual(b.maxMs);
          // The least wait of the next attempt is never below this attempt's least wait.
          expect(backoffMs(attempts + 1, 0, b)).toBeGreaterThanOrEqual(backoffMs(attempts, 0, b));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('the forwarder backs off after an unreachable gateway', () => {
  let journal: JournalStore;
  afterEach(() => journal?.close());

  /** A gateway lease that answers from a list (the real interface, no network). */
  function lease(answers: GatewayOutcome<unknown>[]): GatewayLease & { sent: number } {
    return {
      mode: 'live',
      sent: 0,
      async send() {
        this.sent++;
        return answers.shift() ?? OUTCOMES['not-sent'];
      },
      builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
      knownOffline: () => false,
      preconnect: () => undefined,
      release: () => undefined,
    };
  }

  it('retries a stored payment after a capped, jittered wait that doubles with each attempt, then forwards it', async () => {
    journal = memoryJournal();
    let now = new Date('2030-03-01T12:00:00.000Z');
    const payload = { v: 1, operation: 'SendAndCommit', request: { Transaction_Type: '00', DollarAmount: '10.00', Reference_No: 'r-1' }, partialApproval: false };
    journal.create(newPayment('r-1'), 'offline', now, { sealed: Buffer.from(JSON.stringify(payload)), storedOffline: true });
    const gateway = lease([...Array.from({ length: 9 }, (): GatewayOutcome<unknown> => OUTCOMES['not-sent']), OUTCOMES.approved]);
    const forwarder = new Forwarder({
      open: async () => ({ journal, gateway }),
      unseal: (blob) => blob,
      owner: 'till-1/1/me',
      now: () => now,
      log: pino({ level: 'silent' }),
      changed: () => undefined,
      random: () => 0.5,
      backoff: B,
    });

    for (let attempt = 1; attempt <= 9; attempt++) {
      const result = await forwarder.forwardNow();
      expect(result).toMatchObject({ attempted: 1, remaining: 1 });
      expect(result.stoppedBecause).toMatch(/nothing was sent/);
      const row = journal.get('r-1');
      expect(row).toMatchObject({ state: 'offline', attempts: attempt, owner: null, hasSealed: true });
      const wait = new Date(row?.nextAttemptAt ?? 0).getTime() - now.getTime();
      expect(wait).toBe(Math.round(ceiling(attempt) * 0.75));
      // Not due before its time: a round now sends nothing.
      expect(await forwarder.forwardNow()).toMatchObject({ attempted: 0, remaining: 1 });
      now = new Date(now.getTime() + wait);
    }
    expect(await forwarder.forwardNow()).toMatchObject({ attempted: 1, approved: 1, remaining: 0 });
    expect(journal.get('r-1')).toMatchObject({ state: 'approved', attempts: 10, hasSealed: false });
    expect(gateway.sent).toBe(10);
  });
});

describe('the forwarder tells the screens about a drain without rebuilding the status for every row', () => {
  let journal: JournalStore;
  afterEach(() => {
    journal?.close();
    vi.useRealTimers();
  });

  it('says queue.changed for the first row, at most every 250 ms after, and at the end of the round', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    journal = memoryJournal();
    const at = new Date('2030-03-01T12:00:00.000Z');
    for (let i = 0; i < 40; i++) {
      const ref = `r-${String(i).padStart(3, '0')}`;
      const payload = { v: 1, operation: 'SendAndCommit', request: { Transaction_Type: '00', DollarAmount: '10.00', Reference_No: ref }, partialApproval: false };
      journal.create(newPayment(ref), 'offline', at, { sealed: Buffer.from(JSON.stringify(payload)), storedOffline: true });
    }
    let sent = 0;
    const gateway: GatewayLease = {
      mode: 'live',
      // Each answer takes 50 ms of the (fake) clock: 40 rows are 2 s of draining.
      send: async () => {
        sent++;
        vi.advanceTimersByTime(50);
        return OUTCOMES.approved;
      },
      builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
      knownOffline: () => false,
      preconnect: () => undefined,
      release: () => undefined,
    };
    const said: number[] = [];
    const forwarder = new Forwarder({
      open: async () => ({ journal, gateway }),
      unseal: (blob) => blob,
      owner: 'till-1/1/me',
      now: () => at,
      log: pino({ level: 'silent' }),
      changed: () => void said.push(sent),
    });
    expect(await forwarder.forwardNow()).toMatchObject({ attempted: 40, approved: 40, remaining: 0 });
    // The first row at once (nothing sent yet), the last after everything was sent.
    expect(said[0]).toBe(0);
    expect(said.at(-1)).toBe(40);
    // 2 s of draining at most every 250 ms: about 8, never one per row.
    expect(said.length).toBeGreaterThanOrEqual(8);
    expect(said.length).toBeLessThanOrEqual(12);
  });
});

describe('forward now, asked by a person', () => {
  let journal: JournalStore;
  afterEach(() => journal?.close());

  it('sends a payment waiting out its back-off at once, and tries each only once when the gateway still fails', async () => {
    journal = memoryJournal();
    const at = new Date('2030-03-01T12:00:00.000Z');
    const later = new Date(at.getTime() + 300_000).toISOString();
    const payload = { v: 1, operation: 'SendAndCommit', request: { Transaction_Type: '00', DollarAmount: '10.00', Reference_No: 'r-9' }, partialApproval: false };
    journal.create(newPayment('r-9'), 'offline', at, { sealed: Buffer.from(JSON.stringify(payload)), storedOffline: true, nextAttemptAt: later });
    journal.create(newPayment('r-10'), 'needs-lookup', at, { tag: '123456', nextAttemptAt: later });
    const answers: GatewayOutcome<unknown>[] = [];
    let sent = 0;
    const gateway: GatewayLease = {
      mode: 'live',
      send: async () => {
        sent++;
        return answers.shift() ?? OUTCOMES['not-sent'];
      },
      builderContext: () => ({ keyedEcommerceFlag: 'R', now: at }),
      knownOffline: () => false,
      preconnect: () => undefined,
      release: () => undefined,
    };
    const forwarder = new Forwarder({ open: async () => ({ journal, gateway }), unseal: (b) => b, owner: 'till-1/1/me', now: () => at, log: pino({ level: 'silent' }), changed: () => undefined });
    // The background round respects the back-off.
    expect(await forwarder.forwardNow()).toMatchObject({ attempted: 0, remaining: 1 });
    // Asked: both are tried once; the gateway is still unreachable, so the round stops without a tight loop.
    const asked = await forwarder.forwardNow({ asked: true });
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(2);
    expect(asked.stoppedBecause).toMatch(/nothing was sent/);
    expect(journal.get('r-9')).toMatchObject({ state: 'offline', attempts: 1 });
    // The gateway answers: asked again, it goes.
    answers.push(OUTCOMES.approved);
    expect(await forwarder.forwardNow({ asked: true })).toMatchObject({ approved: 1, remaining: 0 });
    expect(journal.get('r-9')).toMatchObject({ state: 'approved' });
  });
});
