import type { DayReport, Language, ReportFigure, ReportLine } from '../../preload/contract';
import { formatDollars } from '../config/setting';
import { csvCell } from '../payments/ledger';
import { receiptAmount, receiptDate } from '../payments/receipt';

/**
 * The day's report as receipt-printer text (42 columns on 80 mm paper, 32 on 58 mm) and as CSV.
 * Pure. Printed words follow terminal.language, as receipts do; amounts are written its way.
 */

type Figures = 'approved' | 'held' | 'refunded' | 'voided' | 'declined' | 'rejected' | 'offline';
const FIGURES: readonly Figures[] = ['approved', 'held', 'refunded', 'voided', 'declined', 'rejected', 'offline'];

const WORDS = {
  en: {
    title: 'DAY REPORT', shift: 'SHIFT OF CASHIER', closed: 'CLOSED', open: 'NOT CLOSED', date: 'Day', from: 'First', to: 'Last', payments: 'Payments', total: 'TOTAL', net: 'Net',
    byTender: 'BY TENDER', byType: 'BY TYPE', byBrand: 'BY CARD BRAND', byCashier: 'BY CASHIER', none: '(none)', unresolved: 'UNRESOLVED',
    needsLookup: 'Needs lookup', attention: 'Attention', closedAt: 'Closed', by: 'by', check: 'Check',
    figures: { approved: 'Approved', held: 'Held (pre-auth)', refunded: 'Refunded', voided: 'Voided', declined: 'Declined', rejected: 'Rejected', offline: 'Offline' },
    keys: { card: 'Card', check: 'Check', sale: 'Sale', preauth: 'Pre-auth', completion: 'Completion', refund: 'Refund', void: 'Void', verify: 'Verify' } as Record<string, string>,
  },
  fr: {
    title: 'RAPPORT DU JOUR', shift: 'QUART DU CAISSIER', closed: 'FERMÉ', open: 'NON FERMÉ', date: 'Jour', from: 'Premier', to: 'Dernier', payments: 'Paiements', total: 'TOTAL', net: 'Net',
    byTender: 'PAR MODE', byType: 'PAR TYPE', byBrand: 'PAR CARTE', byCashier: 'PAR CAISSIER', none: '(aucun)', unresolved: 'EN SUSPENS',
    needsLookup: 'À vérifier', attention: 'À traiter', closedAt: 'Fermé', by: 'par', check: 'Chèque',
    figures: { approved: 'Approuvés', held: 'Retenus (préaut.)', refunded: 'Remboursés', voided: 'Annulés', declined: 'Refusés', rejected: 'Rejetés', offline: 'Hors ligne' },
    keys: { card: 'Carte', check: 'Chèque', sale: 'Vente', preauth: 'Préautorisation', completion: 'Finalisation', refund: 'Remboursement', void: 'Annulation', verify: 'Vérification' } as Record<string, string>,
  },
} as const;

/** Left text, right text, padded to `width` (the left is cut when both do not fit). */
function spread(left: string, right: string, width: number): string {
  const room = Math.max(width - right.length - 1, 0);
  const l = left.length > room ? left.slice(0, room) : left;
  return `${l}${' '.repeat(width - l.length - right.length)}${right}`.slice(0, width);
}

const centre = (text: string, width: number): string => {
  const t = text.slice(0, width);
  return `${' '.repeat(Math.floor((width - t.length) / 2))}${t}`;
};

function figureLine(label: string, f: ReportFigure, width: number, language: Language): string {
  const count = String(f.count).padStart(4);
  return spread(`${label}`, `${count} ${receiptAmount(f.cents, language).padStart(width >= 42 ? 13 : 11)}`, width);
}

function section(line: ReportLine, label: string, width: number, language: Language, all = false): string[] {
  const w = WORDS[language];
  // A group shows only its figures that happened; the total shows all of them.
  const shown = FIGURES.filter((k) => all || line[k].count > 0 || line[k].cents !== 0);
  return [label, ...shown.map((k) => figureLine(`  ${w.figures[k]}`, line[k], width, language)), spread(`  ${w.net}`, receiptAmount(line.netCents, language), width)];
}

export function reportLines(report: DayReport, options: { columns: 42 | 32; name: string; language?: Language; timeZone?: string }): string[] {
  const width = options.columns;
  const language = options.language ?? 'en';
  const w = WORDS[language];
  const rule = '-'.repeat(width);
  const when = (iso: string | null): string => (iso ? receiptDate(iso, language, options.timeZone) : '—');
  const keyWords = (key: string | null): string => (key === null ? w.none : (w.keys[key] ?? key));
  const groups = (title: string, lines: readonly ReportLine[], keyOf: (k: string | null) => string = keyWords): string[] =>
    lines.length === 0 ? [] : [rule, title, ...lines.flatMap((l) => section(l, keyOf(l.key), width, language))];
  const u = report.unresolved;
  return [
    centre(options.name, width),
    centre(`${w.title}${report.mode === 'training' ? ' (TRAINING)' : ''}`, width),
    ...(report.cashier !== null ? [centre(`${w.shift} #${report.cashier}`, width)] : []),
    centre(report.closed ? w.closed : w.open, width),
    spread(w.date, report.date, width),
    spread(w.from, when(report.firstPaymentAt), width),
    spread(w.to, when(report.lastPaymentAt), width),
    spread(w.payments, String(report.payments), width),
    rule,
    ...section(report.total, w.total, width, language, true),
    ...groups(w.byTender, report.byTender),
    ...groups(w.byType, report.byType),
    ...groups(w.byBrand, report.byBrand, (k) => (k === null ? w.check : k)),
    ...groups(w.byCashier, report.byCashier, (k) => (k === null ? w.none : `#${k}`)),
    rule,
    w.unresolved,
    figureLine(`  ${w.figures.offline}`, u.offline, width, language),
    spread(`  ${w.needsLookup}`, String(u.needsLookup), width),
    spread(`  ${w.attention}`, String(u.attention), width),
    ...(report.closed
      ? [rule, spread(w.closedAt, when(report.closed.closedAt), width), ...(report.closed.closedBy ? [spread(w.by, `#${report.closed.closedBy}`, width)] : []), report.closed.digest.slice(0, width)]
      : []),
  ].map((l) => l.slice(0, width));
}

/** day-report-training-2026-11-25, and -cashier-12 for a shift. */
export function reportFileName(report: DayReport): string {
  return `day-report-${report.mode}-${report.date}${report.cashier !== null ? `-cashier-${report.cashier}` : ''}`;
}

/** The report as CSV: one row per figure of each line (section, key, figure, count, amount). */
export function reportCsv(report: DayReport): { filename: string; csv: string } {
  const rows: Array<Array<string | number | null>> = [['section', 'key', 'figure', 'count', 'amount']];
  const put = (sectionName: string, line: ReportLine): void => {
    for (const k of FIGURES) rows.push([sectionName, line.key, k, line[k].count, formatDollars(line[k].cents)]);
    rows.push([sectionName, line.key, 'net', null, formatDollars(line.netCents)]);
  };
  put('total', report.total);
  for (const l of report.byTender) put('tender', l);
  for (const l of report.byType) put('type', l);
  for (const l of report.byBrand) put('brand', l);
  for (const l of report.byCashier) put('cashier', l);
  rows.push(['unresolved', null, 'offline', report.unresolved.offline.count, formatDollars(report.unresolved.offline.cents)]);
  rows.push(['unresolved', null, 'needs-lookup', report.unresolved.needsLookup, null]);
  rows.push(['unresolved', null, 'attention', report.unresolved.attention, null]);
  rows.push(['day', report.date, 'first-payment', null, report.firstPaymentAt]);
  rows.push(['day', report.date, 'last-payment', null, report.lastPaymentAt]);
  rows.push(['day', report.date, 'closed', null, report.closed?.closedAt ?? null]);
  const csv = `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return { filename: `${reportFileName(report)}.csv`, csv };
}
