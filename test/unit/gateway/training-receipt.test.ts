import { describe, expect, it } from 'vitest';
import { TYPE_NAMES } from '../../../main/training/gateway/codes';
import { FRENCH_TYPE_NAMES, receiptText, type ReceiptFacts } from '../../../main/training/gateway/receipt';

const FACTS: ReceiptFacts = {
  merchant: { name: 'Counter POS Training Store', address: '1 Market Square', city: 'Springfield', province: 'IL', country: 'United States', postal: '62701', url: 'https://store.training.invalid' },
  typeName: 'Purchase',
  brand: 'VISA',
  account: '############1111',
  name: 'TRAINING/VISA',
  amount: '1234.56',
  at: new Date('2030-08-01T12:34:56.000Z'),
  sequence: '000123',
  authNum: 'ET1234',
  reference: 'L0MWTG5PFH46A029FE5',
  approved: true,
  code: '100',
  message: 'Approved - Thank You',
};

const lines = (facts: Partial<ReceiptFacts>): string[] => receiptText({ ...FACTS, ...facts }).split('\r\n');

describe('the training gateway\'s receipt text (CTR)', () => {
  it('keeps the English record as the gateway writes it', () => {
    const en = lines({});
    expect(en[0]).toBe('========== TRANSACTION RECORD ==========');
    expect(en).toContain('TYPE: Purchase');
    expect(en).toContain('ACCT: VISA                 $ 1234.56 USD');
    expect(en).toContain('DATE/TIME       : 01 Aug 30 12:34:56');
    expect(en.map((l) => l.trim())).toContain('Approved - Thank You 100');
  });

  it('writes the French record in French, accents included: type, amount, date and the approval', () => {
    const fr = lines({ language: 'fr' });
    expect(fr[0]).toBe('======== RELEVÉ DE TRANSACTION =========');
    expect(fr[0]).toHaveLength(40);
    expect(fr).toContain('TYPE: Achat');
    expect(fr).toContain('COMPTE: VISA               1234,56 $ USD');
    expect(fr).toContain('NUMÉRO DE CARTE : ############1111');
    expect(fr).toContain('DATE/HEURE      : 01 août 30 12:34:56');
    expect(fr).toContain('NO DE RÉFÉRENCE : 000123');
    expect(fr.map((l) => l.trim())).toContain('Approuvée - Merci 100');
    expect(fr).toContain("l'émetteur de la carte selon la");
    expect(fr.join('\n')).not.toMatch(/Purchase|Approved|RELEVE |Approuvee|NUMERO/);
    // The facts stay as they are.
    expect(fr.join('\n')).toContain('Counter POS Training Store');
  });

  it('names every transaction type the gateway knows in French, and a decline keeps the bank\'s own words', () => {
    for (const name of Object.values(TYPE_NAMES)) expect(FRENCH_TYPE_NAMES[name], name).toMatch(/^[A-ZÉ][a-zéè ]+$/);
    const declined = lines({ language: 'fr', typeName: 'Refund', approved: false, code: '530', message: 'Do Not Honor' }).map((l) => l.trim());
    expect(declined).toContain('TYPE: Remboursement');
    expect(declined).toContain('Transaction non approuvée 530');
    expect(declined).toContain('Do Not Honor');
  });

  it('keeps the French record\'s own lines within the receipt\'s 40 columns (the English one is the real gateway\'s, one line 41 wide)', () => {
    for (const typeName of Object.values(TYPE_NAMES)) {
      for (const line of lines({ language: 'fr', typeName })) expect(line.length, `${typeName}: ${line}`).toBeLessThanOrEqual(40);
    }
    expect(lines({}).filter((l) => l.length > 40)).toEqual(['Please retain this copy for your records.']);
  });
});
