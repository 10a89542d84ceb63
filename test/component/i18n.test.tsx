import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../preload/contract';
import { money, dateTime } from '../../renderer/src/components/money';
import { OfflineBanner } from '../../renderer/src/components/OfflineBanner';
import { ReceiptView } from '../../renderer/src/components/ReceiptView';
import { StatusBar } from '../../renderer/src/components/StatusBar';
import { i18n, setLanguage } from '../../renderer/src/i18n/i18n';
import { namespaces } from '../../renderer/src/i18n/resources';
import { sampleStatus } from './sample-status';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
const pluralBase = (key: string): string | undefined => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1];

describe('the translations', () => {
  for (const [ns, messages] of Object.entries(namespaces)) {
    const en: Record<string, string> = messages.en;
    const fr: Record<string, string | undefined> = messages.fr;
    it(`${ns}: French says every English message, with the same placeholders, and nothing empty`, () => {
      for (const [key, text] of Object.entries(en)) {
        const french = fr[key];
        expect(french, `${ns}:${key}`).toBeTruthy();
        expect(text.trim(), `${ns}:${key} (en)`).not.toBe('');
        expect(placeholders(french ?? ''), `${ns}:${key}`).toEqual(placeholders(text));
      }
      // French may add _many forms, and only to plurals English has.
      for (const key of Object.keys(fr).filter((k) => !(k in en))) {
        expect(key, `${ns}:${key} is not in English`).toMatch(/_many$/);
        expect(`${pluralBase(key) ?? ''}_other` in en, `${ns}:${key}`).toBe(true);
      }
    });
  }

  it('counts in French by French rules: 0 and 1 are singular, a million is "many"', () => {
    setLanguage('fr');
    expect(i18n.t('offline.pending', { ns: 'common', count: 0 })).toMatch(/^0 paiement conservé/);
    expect(i18n.t('offline.pending', { ns: 'common', count: 2 })).toMatch(/^2 paiements/);
    expect(i18n.t('offline.pending', { ns: 'common', count: 1_000_000 })).toMatch(/^1000000 paiements/);
  });
});

const status: AppStatus = sampleStatus({ terminal: { name: 'Caisse 2', language: 'fr' }, gateway: { state: 'offline', unencrypted: false }, queue: { pending: 3, training: 0, needsLookup: 0, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 } });

describe('the screens in French', () => {
  it('show the shared pieces in French once the status says so', () => {
    setLanguage('fr');
    render(
      <>
        <OfflineBanner status={status} />
        <StatusBar status={status} connection="open" />
      </>,
    );
    expect(screen.getByTestId('offline-banner').textContent).toContain('3 paiements conservés hors ligne');
    expect(screen.getByTestId('status-gateway').textContent).toBe('Passerelle : Hors ligne');
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it('name the receipt and its Print button in French', () => {
    setLanguage('fr');
    render(<ReceiptView receipt={{ clientRef: 'R1', copy: 'merchant', source: 'terminal', lines: ['CAISSE 2'] }} />);
    expect(screen.getByLabelText('Reçu du commerçant').textContent).toBe('CAISSE 2');
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeTruthy();
  });

  it('write money and dates as French Canada does, from integer cents', () => {
    setLanguage('fr');
    expect(money(123456)).toBe('1\u00a0234,56\u00a0$');
    expect(money(-5)).toBe('-0,05\u00a0$');
    expect(dateTime('2026-11-24T15:30:00Z')).toMatch(/2026/);
    setLanguage('en');
    expect(money(123456)).toBe('$1,234.56');
    expect(money(9_999_999_999_999)).toBe('$99,999,999,999.99');
  });
});
