import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeReceipt, RECEIPT_WIDTH, wrap } from '../../../main/payments/receipt';
import { PAYMENT_STATES, PAYMENT_TYPES, TENDERS } from '../../../main/payments/states';
import type { JournalRow } from '../../../main/store/journal';
import { Receipt } from '../../../preload/contract/payments';

const STORE = { name: 'Counter POS Training Store' };

function row(over: Partial<JournalRow> = {}): JournalRow {
  return {
    id: 1,
    clientRef: 'L0MWTG5PFH46A029FE5',
    saleId: 'sale-0001',
    mode: 'live',
    type: 'sale',
    tender: 'card',
    transactionType: '00',
    requestedCents: 12_34,
    approvedCents: 12_34,
    surchargeCents: null,
    taxCents: null,
    masked: '411111******1111',
    brand: 'visa',
    last4: '1111',
    routing: null,
    checkNumber: null,
    cardholderName: 'TRAINING/VISA',
    entry: 'swipe',
    deviceId: null,
    cashier: null,
    approvedBy: null,
    state: 'approved',
    outcomeKind: 'approved',
    gatewayCode: '00',
    bankCode: '100',
    message: 'approved',
    tag: '106625200',
    authorizationNum: 'ET1234',
    sequenceNo: '000123',
    retrievalRef: null,
    receipt: null,
    splitTenderId: null,
    attempts: 1,
    storedOffline: false,
    attention: false,
    originalId: null,
    hasSealed: false,
    owner: null,
    leaseUntil: null,
    nextAttemptAt: null,
    decidedBy: null,
    decision: null,
    createdAt: '2030-03-01T12:00:00.000Z',
    updatedAt: '2030-03-01T12:00:01.000Z',
    finishedAt: '2030-03-01T12:00:01.000Z',
    ...over,
  };
}

const CHECK = { tender: 'check', masked: '*****6789', last4: '6789', brand: 'check', routing: '011000015', checkNumber: '1001', entry: 'micr', cardholderName: null } as const;
const SIGNATURE = /^x_+$/;
/** A run of 13 or more digits, however grouped: what a full card or account number looks like. */
const LONG_NUMBER = /\d(?:[ -]?\d){12,}/;

describe('composeReceipt', () => {
  const every = PAYMENT_STATES.flatMap((state) =>
    PAYMENT_TYPES.flatMap((type) => TENDERS.flatMap((tender) => (['customer', 'merchant'] as const).map((copy) => ({ state, type, tender, copy })))),
  );

  it('gives lines of at most 40 characters, masked only, for every state, type, tender and copy', () => {
    for (const { state, type, tender, copy } of every) {
      const r = composeReceipt(row({ state, type, ...(tender === 'check' ? CHECK : {}) }), copy, STORE);
      expect(Receipt.safeParse(r).success, `${state} ${type} ${tender} ${copy}`).toBe(true);
      for (const line of r.lines) {
        expect(line.length, `${state} ${type} ${tender} ${copy}: ${line}`).toBeLessThanOrEqual(RECEIPT_WIDTH);
        expect(line).not.toMatch(LONG_NUMBER);
      }
      expect(r.lines.at(-1)?.trim()).toBe(copy === 'merchant' ? 'MERCHANT COPY' : 'CUSTOMER COPY');
    }
  });

  it('puts the signature line on the merchant copy of an approved or stored card payment only', () => {
    for (const { state, type, tender, copy } of every) {
      const r = composeReceipt(row({ state, type, ...(tender === 'check' ? CHECK : {}) }), copy, STORE);
      const signs = copy === 'merchant' && tender === 'card' && (state === 'approved' || state === 'offline') && type !== 'refund';
      expect(r.lines.some((l) => SIGNATURE.test(l)), `${state} ${type} ${tender} ${copy}`).toBe(signs);
      if (signs) expect(r.lines.find((l) => SIGNATURE.test(l))).toHaveLength(RECEIPT_WIDTH - 1);
    }
  });

  it('shows the card masked, its brand, the amount, the authorization and the reference', () => {
    const lines = composeReceipt(row(), 'customer', STORE).lines;
    expect(lines).toContain('VISA                    411111******1111');
    expect(lines.some((l) => /^AMOUNT\s+\$12\.34$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Authorization\s+ET1234$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Reference\s+L0MWTG5PFH46A029FE5$/.test(l))).toBe(true);
    expect(lines.map((l) => l.trim())).toContain('APPROVED');
  });

  it('shows a check by routing, masked account and check number', () => {
    const lines = composeReceipt(row(CHECK), 'customer', STORE).lines;
    expect(lines.some((l) => /^Account\s+\*{5}6789$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Routing\s+011000015$/.test(l))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/123456789/);
  });

  it('a partial approval shows what was approved, what was asked and the balance due', () => {
    const lines = composeReceipt(row({ requestedCents: 40_00, approvedCents: 25_00 }), 'customer', STORE).lines;
    expect(lines.some((l) => /^AMOUNT\s+\$25\.00$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Requested\s+\$40\.00$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Balance due\s+\$15\.00$/.test(l))).toBe(true);
  });

  it('says what happened when no gateway receipt exists: stored offline, declined, unknown, training', () => {
    const words = (over: Partial<JournalRow>) => composeReceipt(row(over), 'customer', STORE).lines.map((l) => l.trim());
    expect(words({ state: 'offline', storedOffline: true })).toContain('APPROVED OFFLINE');
    expect(words({ state: 'approved', storedOffline: true })).toContain('APPROVED (SENT AFTER OFFLINE)');
    expect(words({ state: 'declined', bankCode: '530', message: 'declined by the bank: 530 Do Not Honor' })).toContain('DECLINED');
    expect(words({ state: 'needs-lookup' })).toContain('OUTCOME UNKNOWN');
    expect(words({ mode: 'training' })).toContain('*** TRAINING - NO MONEY MOVED ***');
  });

  it('uses the gateway’s receipt when it approved directly: wrapped to 40, card numbers masked', () => {
    const ctr = `========== TRANSACTION RECORD ==========\nCounter POS Training Store with a very long name that runs past the edge\nCARD NUMBER : 4111111111111111\nAPPROVED - THANK YOU 100`;
    const r = composeReceipt(row({ receipt: ctr }), 'merchant', STORE);
    expect(r.source).toBe('gateway');
    for (const line of r.lines) expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
    expect(r.lines.join('\n')).not.toContain('4111111111111111');
    expect(r.lines.at(-1)?.trim()).toBe('MERCHANT COPY');
    // Stored offline first: the terminal composes it, saying it was sent after.
    expect(composeReceipt(row({ receipt: ctr, storedOffline: true }), 'customer', STORE).source).toBe('terminal');
  });

  it('keeps long store names, cardholder names and messages within the width', () => {
    const long = 'W'.repeat(120);
    const r = composeReceipt(row({ state: 'failed', cardholderName: long, message: `${long} ${long}` }), 'merchant', { name: long });
    for (const line of r.lines) expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
  });
});

describe('wrap', () => {
  it('breaks at a space where it can, cuts a word longer than the line, keeps empty lines', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrap('a\r\n\r\nb')).toEqual(['a', '', 'b']);
    expect(wrap('tab\there')).toEqual(['tab here']);
  });

  it('never gives a line wider than asked and loses no character but spaces', () => {
    const text = fc.array(fc.oneof(fc.constantFrom(' ', '\n', '\t', '\r\n'), fc.string({ minLength: 1, maxLength: 60 }).map((s) => s.replace(/\s/g, 'x'))), { maxLength: 30 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 4, max: 60 }), (t, width) => {
        const lines = wrap(t, width);
        for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
        expect(lines.join('').replace(/\s/g, '')).toBe(t.replace(/\s/g, ''));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('a receipt composed in French (terminal.language fr)', () => {
  it('says its own words in French, keeps the facts, and stays within the printer width', () => {
    const fr = composeReceipt(row({ state: 'offline', storedOffline: true, receipt: null }), 'merchant', { name: 'Caisse 2', language: 'fr' });
    const text = fr.lines.join('\n');
    expect(text).toContain('APPROUVÉE HORS LIGNE');
    expect(text).toContain('MONTANT');
    expect(text).toContain('$12.34');
    expect(text).toContain('COPIE DU COMMERÇANT');
    expect(text).toContain('411111******1111');
    expect(text).not.toMatch(/APPROVED|AMOUNT|MERCHANT COPY/);
    for (const line of fr.lines) expect(line.length).toBeLessThanOrEqual(RECEIPT_WIDTH);
  });

  it('adds a French copy line under the gateway’s own text', () => {
    const fr = composeReceipt(row({ state: 'approved', receipt: 'RELEVE DE TRANSACTION' }), 'customer', { name: 'Caisse 2', language: 'fr' });
    expect(fr.lines.at(-1)?.trim()).toBe('COPIE DU CLIENT');
  });
});
