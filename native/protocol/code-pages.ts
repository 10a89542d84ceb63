/**
 * The single-byte character tables a receipt printer prints from (ESC t n). Bytes 0x20–0x7E are
 * ASCII in every table; each string below is what bytes 0x80–0xFF print, in order. The tables are
 * IBM's and Windows' code pages as the C library's iconv knows them
 * (test/integration/devices/code-pages.test.ts checks each one against it).
 *
 * Which table a printer holds is a setting (devices.list `codePage`, default pc850), not asked of
 * the printer: ESC/POS has no portable request for the selected table (GS I answers model and
 * firmware; the memory-switch reads are one vendor's and need a two-way link, which a USB printer
 * file is not). Every model the terminal targets has PC850 (ESC t 2), which holds all of French.
 */

/** PC850 (Multilingual Latin 1), bytes 0x80–0xFF. */
const PC850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅ' +
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
  'áíóúñÑªº¿®¬½¼¡«»' +
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
  'ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
  '\u00ad±\u2017¾¶§÷¸°¨·¹³²■\u00a0';

export const CODE_PAGES = {
  /** The factory table of most printers; few accented capitals. ESC t 0. */
  pc437: {
    escT: 0,
    high:
      'ÇüéâäàåçêëèïîìÄÅ' +
      'ÉæÆôöòûùÿÖÜ¢£¥₧ƒ' +
      'áíóúñÑªº¿⌐¬½¼¡«»' +
      '░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
      '└┴┬├─┼╞╟╚╔╩╦╠═╬╧' +
      '╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
      'αßΓπΣσµτΦΘΩδ∞φε∩' +
      '≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
  },
  /** Multilingual Latin 1: every letter of French, Spanish, German and the other western languages. ESC t 2. */
  pc850: { escT: 2, high: PC850_HIGH },
  /** PC850 with the euro sign in place of the dotless i (0xD5). ESC t 19. */
  pc858: { escT: 19, high: `${PC850_HIGH.slice(0, 0xd5 - 0x80)}€${PC850_HIGH.slice(0xd5 - 0x80 + 1)}` },
  /**
   * Windows Latin 1 (Epson's WPC1252): ISO 8859-1 plus the euro, Œ œ Ÿ and typographic quotes
   * and dashes at 0x80–0x9F. ESC t 16. NO_CHAR marks the five bytes Windows leaves empty.
   */
  wpc1252: {
    escT: 16,
    high:
      '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd' +
      '\ufffd‘’“”•–—˜™š›œ\ufffdžŸ' +
      '\u00a0¡¢£¤¥¦§¨©ª«¬\u00ad®¯' +
      '°±²³´µ¶·¸¹º»¼½¾¿' +
      'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ' +
      'ÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞß' +
      'àáâãäåæçèéêëìíîï' +
      'ðñòóôõö÷øùúûüýþÿ',
  },
} as const;

/** Stands in a table for a byte that prints no character (WPC1252's 0x81, 0x8D, 0x8F, 0x90, 0x9D). */
export const NO_CHAR = '\ufffd';

export type CodePageName = keyof typeof CODE_PAGES;
export const CODE_PAGE_NAMES = Object.keys(CODE_PAGES) as [CodePageName, ...CodePageName[]];

/** The character a byte prints in `page`, or undefined for a control byte (0x00–0x1F, 0x7F) or an empty place of the table. */
export function charOf(page: CodePageName, byte: number): string | undefined {
  if (byte >= 0x20 && byte <= 0x7e) return String.fromCharCode(byte);
  const ch = byte >= 0x80 && byte <= 0xff ? CODE_PAGES[page].high[byte - 0x80] : undefined;
  return ch === NO_CHAR ? undefined : ch;
}

const reverse = new Map<CodePageName, Map<string, number>>();

/** The byte that prints `ch` in `page`, or undefined when the table has no such character. */
export function byteOf(page: CodePageName, ch: string): number | undefined {
  const code = ch.codePointAt(0) ?? 0;
  if (ch.length === 1 && code >= 0x20 && code <= 0x7e) return code;
  let table = reverse.get(page);
  if (!table) {
    table = new Map([...CODE_PAGES[page].high].flatMap((c, i): Array<[string, number]> => (c === NO_CHAR ? [] : [[c, 0x80 + i]])));
    reverse.set(page, table);
  }
  return table.get(ch);
}
