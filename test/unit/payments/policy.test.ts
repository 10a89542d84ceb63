import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiredBefore, offlineDecision, type OfflineCandidate, type OfflinePolicy, type QueueLoad } from '../../../main/payments/policy';
import { ENTRY_METHODS, PAYMENT_TYPES, TENDERS } from '../../../main/payments/states';

const POLICY: OfflinePolicy = {
  enabled: true,
  maxAmountCents: 100_00,
  maxTotalCents: 500_00,
  maxCount: 5,
  maxAgeHours: 48,
  types: ['sale'],
  checks: false,
  keyed: false,
};
const SALE: OfflineCandidate = { type: 'sale', tender: 'card', entry: 'swipe', cents: 10_00 };
const EMPTY: QueueLoad = { count: 0, totalCents: 0 };

const decide = (p: Partial<OfflinePolicy> = {}, c: Partial<OfflineCandidate> = {}, q: Partial<QueueLoad> = {}) =>
  offlineDecision({ ...POLICY, ...p }, { ...SALE, ...c }, { ...EMPTY, ...q });

describe('offlineDecision', () => {
  it('allows a swiped card sale within every limit', () => {
    expect(decide()).toEqual({ allowed: true });
  });

  it('refuses everything while offline payments are turned off', () => {
    expect(decide({ enabled: false })).toEqual({ allowed: false, reason: 'offline payments are turned off for this store' });
  });

  it('allows exactly the largest amount per payment, and refuses one cent more', () => {
    expect(decide({}, { cents: 100_00 })).toEqual({ allowed: true });
    expect(decide({}, { cents: 100_01 })).toEqual({ allowed: false, reason: '$100.01 is above the offline limit of $100.00 per payment' });
  });

  it('allows the payment that fills the count, and refuses the one after', () => {
    expect(decide({}, {}, { count: 4 })).toEqual({ allowed: true });
    expect(decide({}, {}, { count: 5 })).toEqual({ allowed: false, reason: '5 payments are already waiting offline (limit 5)' });
  });

  it('allows the payment that reaches the total exactly, and refuses one cent past it', () => {
    expect(decide({}, { cents: 10_00 }, { totalCents: 490_00 })).toEqual({ allowed: true });
    expect(decide({}, { cents: 10_00 }, { totalCents: 490_01 })).toEqual({
      allowed: false,
      reason: '$490.01 is already waiting offline; this payment would pass the limit of $500.00',
    });
  });

  it('takes only the payment types the manager chose', () => {
    expect(decide({}, { type: 'refund' })).toEqual({ allowed: false, reason: 'a refund cannot be taken offline' });
    expect(decide({ types: ['sale', 'refund'] }, { type: 'refund' })).toEqual({ allowed: true });
  });

  it('takes checks only when allowed', () => {
    expect(decide({}, { tender: 'check', entry: 'micr' })).toEqual({ allowed: false, reason: 'checks cannot be taken offline' });
    expect(decide({ checks: true }, { tender: 'check', entry: 'micr' })).toEqual({ allowed: true });
  });

  it('takes keyed cards only when allowed', () => {
    expect(decide({}, { entry: 'keyed' })).toEqual({ allowed: false, reason: 'a keyed card cannot be taken offline' });
    expect(decide({ keyed: true }, { entry: 'keyed' })).toEqual({ allowed: true });
  });

  it('never takes a payment made from an earlier one (tagged) offline', () => {
    const all = { types: [...PAYMENT_TYPES], checks: true, keyed: true, maxAmountCents: 9_999_999, maxTotalCents: 99_999_999, maxCount: 10_000 };
    for (const type of PAYMENT_TYPES) {
      expect(decide(all, { type, entry: 'tagged' })).toEqual({ allowed: false, reason: 'a payment made from an earlier one needs the gateway' });
    }
  });

  it('allows exactly when every rule holds, whatever the inputs', () => {
    const policy = fc.record({
      enabled: fc.boolean(),
      maxAmountCents: fc.integer({ min: 1, max: 100_000_00 }),
      maxTotalCents: fc.integer({ min: 1, max: 1_000_000_00 }),
      maxCount: fc.integer({ min: 1, max: 10_000 }),
      maxAgeHours: fc.integer({ min: 1, max: 720 }),
      types: fc.subarray([...PAYMENT_TYPES]),
      checks: fc.boolean(),
      keyed: fc.boolean(),
    });
    const candidate = fc.record({
      type: fc.constantFrom(...PAYMENT_TYPES),
      tender: fc.constantFrom(...TENDERS),
      entry: fc.option(fc.constantFrom(...ENTRY_METHODS), { nil: null }),
      cents: fc.integer({ min: 0, max: 9_999_999 }),
    });
    const queue = fc.record({ count: fc.integer({ min: 0, max: 10_001 }), totalCents: fc.integer({ min: 0, max: 1_000_000_00 }) });
    fc.assert(
      fc.property(policy, candidate, queue, (p, c, q) => {
        const expected =
          p.enabled &&
          p.types.includes(c.type) &&
          (c.tender !== 'check' || p.checks) &&
          (c.entry !== 'keyed' || p.keyed) &&
          c.entry !== 'tagged' &&
          c.cents <= p.maxAmountCents &&
          q.count < p.maxCount &&
          q.totalCents + c.cents <= p.maxTotalCents;
        const d = offlineDecision(p, c, q);
        expect(d.allowed).toBe(expected);
        if (!d.allowed) expect(d.reason).toMatch(/^[a-z$0-9]/);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('expiredBefore', () => {
  it('is the moment maxAgeHours before now', () => {
    expect(expiredBefore({ maxAgeHours: 48 }, new Date('2030-03-03T12:00:00.000Z'))).toBe('2030-03-01T12:00:00.000Z');
    expect(expiredBefore({ maxAgeHours: 1 }, new Date('2030-03-03T00:30:00.000Z'))).toBe('2030-03-02T23:30:00.000Z');
  });
});
