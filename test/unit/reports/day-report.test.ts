import { describe, expect, it } from 'vitest';
import { DayReport } from '../../../preload/contract';
import { bucketOf, buildDayReport } from '../../../main/reports/day-report';
import { reportCsv, reportLines } from '../../../main/reports/lines';
import { linesPdf } from '../../../main/reports/pdf';
import type { ReportRow } from '../../../main/payments/journal/queries';

let id = 0;
const row = (p: Partial<ReportRow>): ReportRow => ({
  id: ++id, type: 'sale', tender: 'card', state: 'approved', brand: 'visa', cashier: '12', requestedCents: 10_00, approvedCents: 10_00,
  attention: false, createdAt: `2026-11-25T1${id % 10}:00:00.000Z`, originalType: null, ...p,
});
const window = { mode: 'training' as const, date: '2026-11-25', since: '2026-11-25T00:00:00.000Z', until: '2026-11-26T00:00:00.000Z', afterPaymentId: 0, cashier: null, generatedAt: '2026-11-25T20:00:00.000Z' };
const none = { offline: { count: 0, cents: 0 }, needsLookup: 0, attention: 0, items: [] };

describe('bucketOf', () => {
  it('counts a void where the daily totals do: off refunds for a refund, nowhere for a pre-auth, as voided otherwise', () => {
    expect(bucketOf(row({ type: 'void', originalType: 'refund', approvedCents: 5_00 }))).toEqual({ bucket: 'refunded', cents: -5_00, counted: false });
    expect(bucketOf(row({ type: 'void', originalType: 'preauth' }))).toBeUndefined();
    expect(bucketOf(row({ type: 'void', originalType: 'sale', approvedCents: 7_00 }))).toEqual({ bucket: 'voided', cents: 7_00, counted: true });
  });

  it('counts nothing that moved no money, and what was asked for a stored, declined or rejected payment', () => {
    for (const state of ['failed', 'cancelled', 'needs-lookup', 'voided', 'sending'] as const) expect(bucketOf(row({ state }))).toBeUndefined();
    expect(bucketOf(row({ state: 'forwarding', requestedCents: 4_00, approvedCents: null }))).toEqual({ bucket: 'offline', cents: 4_00, counted: true });
    expect(bucketOf(row({ state: 'declined', requestedCents: 9_00, approvedCents: 0 }))).toEqual({ bucket: 'declined', cents: 9_00, counted: true });
  });
});

describe('buildDayReport', () => {
  it('groups by tender, type, brand and cashier, the payments without a key last, and says the first and last payment', () => {
    const rows = [
      row({ cashier: null }),
      row({ tender: 'check', brand: null, requestedCents: 20_00, approvedCents: 20_00 }),
      row({ type: 'refund', approvedCents: 3_00, brand: 'amex' }),
      row({ state: 'offline', approvedCents: null, requestedCents: 6_00 }),
    ];
    const report = DayReport.parse(buildDayReport(window, rows, none));
    expect(report.total).toMatchObject({ approved: { count: 2, cents: 30_00 }, refunded: { count: 1, cents: 3_00 }, offline: { count: 1, cents: 6_00 }, netCents: 27_00 });
    expect(report.byBrand.map((l) => [l.key, l.netCents])).toEqual([['amex', -3_00], ['visa', 10_00], [null, 20_00]]);
    expect(report.byCashier.map((l) => l.key)).toEqual(['12', null]);
    expect(report.firstPaymentAt).toBe(rows[0]?.createdAt);
    expect(report.lastPaymentId).toBe(rows[3]?.id);
  });
});

describe('reportLines', () => {
  it('fits 42 and 32 columns, in English and in French', () => {
    const report = buildDayReport(window, [row({}), row({ type: 'refund', approvedCents: 1_234_567 })], none);
    for (const columns of [42, 32] as const) {
      for (const language of ['en', 'fr'] as const) {
        const lines = reportLines(report, { columns, name: 'Lane 1', language, timeZone: 'UTC' });
        expect(lines.every((l) => l.length <= columns)).toBe(true);
      }
    }
    expect(reportLines(report, { columns: 42, name: 'Lane 1', language: 'fr', timeZone: 'UTC' }).join('\n')).toMatch(/RAPPORT DU JOUR[\s\S]*Remboursés/);
    expect(reportCsv(report).filename).toBe('day-report-training-2026-11-25.csv');
  });
});

describe('linesPdf', () => {
  it('writes a PDF whose pages hold the lines as text, accents in WinAnsi, with a valid cross-reference table', () => {
    const lines = ['RAPPORT DU JOUR', 'Remboursés (2)', ...Array.from({ length: 70 }, (_, i) => `line ${i}`)];
    const pdf = linesPdf(lines, 'Day report');
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/Count 2');
    expect(text).toContain('(Rembours\xe9s \\(2\\)) Tj');
    expect(text).toContain('(line 69) Tj');
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((at, i) => expect(text.slice(at, at + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });
});
