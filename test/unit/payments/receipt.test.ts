import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeReceipt, RECEIPT_WIDTH, receiptAmount, receiptDate, wrap } from '../../../main/payments/receipt';
import { PAYMENT_STATES, PAYMENT_TYPES, TENDERS } from '../../../main/payments/states';
import type { JournalRow } from '../../../main/payments/journal/journal';
import { encodeReceipt } from '../../../native/protocol/escpos';
import { EscPosDecoder } from '../../../native/sim/escpos-decoder';
import { Receipt } from '../../../preload/contract/payments';

const STORE = { name: 'Counter POS Training Store', timeZone: 'America/Toronto' };

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
    expect(text).toMatch(/^MONTANT\s+12,34 \$$/m);
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

describe('receipt amounts and dates in the receipt\'s language', () => {
  it('writes amounts the English and the French way, from integer cents', () => {
    expect(receiptAmount(12_34, 'en')).toBe('$12.34');
    expect(receiptAmount(1_234_567_89, 'en')).toBe('$1,234,567.89');
    expect(receiptAmount(5, 'en')).toBe('$0.05');
    expect(receiptAmount(12_34, 'fr')).toBe('12,34 $');
    expect(receiptAmount(1_234_567_89, 'fr')).toBe('1 234 567,89 $');
    expect(receiptAmount(5, 'fr')).toBe('0,05 $');
    expect(receiptAmount(-1_500_00, 'fr')).toBe('-1 500,00 $');
  });

  it('writes the date in the terminal\'s time zone, the way each language does, with plain spaces', () => {
    expect(receiptDate('2030-03-01T12:00:00.000Z', 'en', 'America/Toronto')).toBe('Mar 1, 2030, 7:00 AM');
    expect(receiptDate('2030-03-01T12:00:00.000Z', 'fr', 'America/Toronto')).toBe('1 mars 2030, 07 h 00');
    expect(receiptDate('2030-08-15T23:30:00.000Z', 'fr', 'America/Vancouver')).toBe('15 août 2030, 16 h 30');
  });
});

describe('every line a French receipt says in the terminal\'s words', () => {
  const FR = { name: 'Café du Coin', language: 'fr' as const, timeZone: 'America/Toronto' };
  const EN = { name: 'Corner Café', language: 'en' as const, timeZone: 'America/Toronto' };
  /** The English words a receipt composed here may use: none may be left in a French one. */
  const ENGLISH = /\b(SALE|PRE-AUTHORIZATION|COMPLETION|REFUND|VOID|CARD VERIFICATION|TRAINING|CARD|Name|Entry|SWIPE|SWIPED|KEYED|TAGGED|Routing|Account|Check|AMOUNT|Requested|Balance|APPROVED|OFFLINE|Stored|DECLINED|NOT ACCEPTED|OUTCOME|UNKNOWN|NOT APPROVED|CANCELLED|WRITTEN OFF|No money|Authorization|Sequence|Reference|I agree|MERCHANT|CUSTOMER|COPY|AM|PM|Mar)\b/;

  it('leaves no English word of its own in any state, type, tender or copy, and keeps the facts', () => {
    for (const state of PAYMENT_STATES) {
      for (const type of PAYMENT_TYPES) {
        for (const tender of TENDERS) {
          for (const copy of ['customer', 'merchant'] as const) {
            // The bank's and gateway's messages are theirs: left out here to see only the terminal's words.
            const r = composeReceipt(row({ state, type, message: null, ...(tender === 'check' ? CHECK : {}), cardholderName: null }), copy, FR);
            for (const line of r.lines) expect(line, `${state} ${type} ${tender} ${copy}`).not.toMatch(ENGLISH);
          }
        }
      }
    }
    const text = composeReceipt(row({ requestedCents: 40_00, approvedCents: 25_00, mode: 'training' }), 'merchant', FR).lines.join('\n');
    expect(text).toMatch(/^Date\s+1 mars 2030, 07 h 00$/m);
    expect(text).toMatch(/^MONTANT\s+25,00 \$$/m);
    expect(text).toMatch(/^Demandé\s+40,00 \$$/m);
    expect(text).toMatch(/^Solde dû\s+15,00 \$$/m);
    expect(text).toContain('VENTE');
    expect(text).toContain('APPROUVÉE');
    expect(text).toContain('*** FORMATION - AUCUN ARGENT ***');
    expect(text).toMatch(/^Saisie\s+GLISSÉE$/m);
  });

  it('says a cancelled, failed or written-off payment in words, never the terminal\'s technical reason', () => {
    const technical = 'could not connect to the gateway at 127.0.0.1:39225 (ECONNREFUSED)';
    for (const [state, en, fr] of [['failed', 'NOT APPROVED', 'NON APPROUVÉE'], ['cancelled', 'CANCELLED', 'ANNULÉE'], ['voided', 'NOT SENT (WRITTEN OFF)', 'NON ENVOYÉE (CLASSÉE)']] as const) {
      const english = composeReceipt(row({ state, message: technical }), 'customer', EN).lines.map((l) => l.trim());
      const french = composeReceipt(row({ state, message: technical }), 'customer', FR).lines.map((l) => l.trim());
      expect(english).toEqual(expect.arrayContaining([en, 'No money moved.']));
      expect(french).toEqual(expect.arrayContaining([fr, "Aucun argent n'a circulé."]));
      expect([...english, ...french].join('\n')).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    }
  });

  it('prints its accents back intact from the printer tables that hold French, within 42 and 32 columns', () => {
    const r = composeReceipt(row({ state: 'offline', storedOffline: true, entry: 'pad' }), 'merchant', FR);
    for (const codePage of ['pc850', 'pc858', 'wpc1252'] as const) {
      const { bytes, replaced } = encodeReceipt(r.lines, { codePage });
      expect(replaced, codePage).toEqual([]);
      // 80 mm paper: one printed line per receipt line, exactly.
      const wide = new EscPosDecoder({ columns: 42 }).push(bytes).flatMap((e) => (e.type === 'line' ? [e.text] : []));
      expect(wide, codePage).toEqual(r.lines);
      // 58 mm paper wraps a 40-column line; nothing is lost or garbled.
      const narrow = new EscPosDecoder({ columns: 32 }).push(bytes).flatMap((e) => (e.type === 'line' ? [e.text] : []));
      for (const line of narrow) expect(line.length).toBeLessThanOrEqual(32);
      expect(narrow.join('').replace(/ /g, '')).toBe(r.lines.join('').replace(/ /g, ''));
    }
    const text = r.lines.join('\n');
    for (const word of ['Café du Coin', 'APPROUVÉE HORS LIGNE', 'GLISSÉE SUR LE CLAVIER', 'COPIE DU COMMERÇANT', 'Conservée', 'Référence', 'Séquence']) expect(text).toContain(word);
  });
});
