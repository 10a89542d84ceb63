import type { PrintLine } from '../../native/protocol/escpos';

const RULER_DIGITS = '1234567890'.repeat(4);
const RULER_TENS = '---------1---------2---------3---------4';

/** "2025-06-01 14:03" in the terminal's local time. */
export function localDateTime(at: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(at.getMinutes())}`;
}

/**
 * The page devices.test prints on a receipt printer: which lane, when, a ruler of the receipt's 40
 * columns (a printer that wraps or cuts it off is set to narrower paper), and a few accented
 * letters (they come out plain or as "?" when the character table is wrong).
 */
export function testPageLines(lane: string, at: Date): PrintLine[] {
  return [
    { text: lane.slice(0, 40), bold: true, centre: true },
    { text: localDateTime(at), centre: true },
    '',
    RULER_DIGITS,
    RULER_TENS,
    '',
    'Accents: é è à ç ô ü ñ £',
    '',
    { text: 'Test page — no payment', bold: true, centre: true },
  ];
}
