import { LF } from './bytes';
import { byteOf, CODE_PAGES, type CodePageName } from './code-pages';
import { printableText } from './printable';

/**
 * ESC/POS for a receipt: lines of text in, the bytes a receipt printer takes out. Pure: no I/O.
 * The commands used, and only these (the training printer refuses anything else):
 *
 *   ESC @        1B 40        initialise: clears the buffer and every mode set before
 *   ESC t n      1B 74 n      character table: 0 PC437, 2 PC850, 16 WPC1252, 19 PC858 (code-pages.ts)
 *   ESC a n      1B 61 n      justification of the line that starts: 0 left, 1 centre
 *   ESC E n      1B 45 n      emphasised (bold): 1 on, 0 off
 *   LF           0A           print the line and feed one line
 *   GS V 66 n    1D 56 42 n   feed to the cutter (+ n motion units) and cut, leaving a tab (partial cut)
 *   DLE EOT n    10 04 n      real-time status request; the printer answers one byte (escpos-status.ts)
 *
 * A job is: ESC @, ESC t n, then per line [ESC a 1][ESC E 1] text LF [ESC E 0][ESC a 0], then
 * GS V 66 0. Text is sent in the chosen table, never as UTF-8: a character the table lacks is
 * folded to a near one (— to -, é to e where the table has no é) or printed as "?", and reported.
 */

export const ESC = 0x1b;
export const GS = 0x1d;
export const DLE = 0x10;

export const INIT = [ESC, 0x40] as const;
export const BOLD_ON = [ESC, 0x45, 1] as const;
export const BOLD_OFF = [ESC, 0x45, 0] as const;
export const ALIGN_CENTRE = [ESC, 0x61, 1] as const;
export const ALIGN_LEFT = [ESC, 0x61, 0] as const;
/** Function B of GS V: feeds the last line past the cutter first, whatever the model's distance. */
export const FEED_AND_PARTIAL_CUT = [GS, 0x56, 0x42, 0] as const;

export function selectCodePage(page: CodePageName): number[] {
  return [ESC, 0x74, CODE_PAGES[page].escT];
}

/** One line of a job: plain text, or text with a style for titles. */
export type PrintLine = string | { readonly text: string; readonly bold?: boolean; readonly centre?: boolean };

export interface EncodeOptions {
  /** Default pc850. */
  codePage?: CodePageName;
  /** Feed and cut at the end (default true). */
  cut?: boolean;
}

export interface Encoded {
  readonly bytes: Buffer;
  /** Characters the table cannot print, each once, in the order met: they came out as "?". */
  readonly replaced: string[];
}

/** Typographic characters no table has, as the nearest ASCII (only used when the table lacks them). */
const FOLD: Readonly<Record<string, string>> = {
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u2032': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u2033': '"',
  '\u2026': '...', '\u2022': '*', '\u202f': ' ', '\u2009': ' ', '\u20ac': 'EUR',
  // Letters that have no accent to drop (NFKD leaves them whole): their usual spelling in plain letters.
  'œ': 'oe', 'Œ': 'OE', 'æ': 'ae', 'Æ': 'AE', 'ß': 'ss', 'ø': 'o', 'Ø': 'O', 'ł': 'l', 'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ı': 'i',
  '«': '"', '»': '"', '×': 'x', '÷': '/', '¢': 'c',
};

/** Spaces and hyphens that print badly from a table (a no-break space prints as a blob on some models): always folded. */
const ALWAYS: Readonly<Record<string, string>> = { '\u00a0': ' ', '\u00ad': '' };

/**
 * `text` in the bytes of `page`: the table's own character when it has it, else a fold, else the
 * letter without its accent (NFKD) when the table has that, else "?" (reported in `replaced`).
 * Control characters never pass (printable.ts, first): a line cannot smuggle a command to the printer.
 */
export function encodeText(text: string, page: CodePageName, replaced: Set<string> = new Set()): number[] {
  const out: number[] = [];
  for (const ch of printableText(text)) {
    const always = ALWAYS[ch];
    if (always !== undefined) {
      for (const c of always) out.push(c.charCodeAt(0));
      continue;
    }
    const own = byteOf(page, ch);
    if (own !== undefined) {
      out.push(own);
      continue;
    }
    const fold = FOLD[ch];
    if (fold !== undefined) {
      for (const c of fold) out.push(byteOf(page, c) ?? 0x3f);
      continue;
    }
    const bare = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    const bytes = bare === '' || bare === ch ? undefined : [...bare].map((c) => byteOf(page, c));
    if (bytes && bytes.every((b): b is number => b !== undefined)) {
      out.push(...bytes);
      continue;
    }
    replaced.add(ch);
    out.push(0x3f);
  }
  return out;
}

/** A whole receipt: init, table, the lines, and (unless told otherwise) feed and partial cut. */
export function encodeReceipt(lines: readonly PrintLine[], options: EncodeOptions = {}): Encoded {
  const page = options.codePage ?? 'pc850';
  const replaced = new Set<string>();
  const out: number[] = [...INIT, ...selectCodePage(page)];
  for (const line of lines) {
    const { text, bold = false, centre = false } = typeof line === 'string' ? { text: line } : line;
    if (centre) out.push(...ALIGN_CENTRE);
    if (bold) out.push(...BOLD_ON);
    out.push(...encodeText(text, page, replaced), LF);
    if (bold) out.push(...BOLD_OFF);
    if (centre) out.push(...ALIGN_LEFT);
  }
  if (options.cut ?? true) out.push(...FEED_AND_PARTIAL_CUT);
  return { bytes: Buffer.from(out), replaced: [...replaced] };
}
