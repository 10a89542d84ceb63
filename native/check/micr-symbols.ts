/**
 * How a MICR reader spells the four E-13B symbols in its ASCII output. Readers differ (and some
 * are configurable), so the map is a setting. `?` and `!` are the readers' marks for a character
 * they could not recognise.
 */
export interface MicrSymbolMap {
  readonly transit: string;
  readonly onUs: string;
  readonly amount: string;
  readonly dash: string;
}

export const MICR_SYMBOL_MAPS = {
  /** The E-13B symbols themselves: ⑆ transit, ⑈ on-us, ⑇ amount, ⑉ dash. */
  unicode: { transit: '\u2446', onUs: '\u2448', amount: '\u2447', dash: '\u2449' },
  /** MagTek format 0000: T U $ - */
  magtek0000: { transit: 'T', onUs: 'U', amount: '$', dash: '-' },
  /** MagTek format 0001: t o a d */
  magtek0001: { transit: 't', onUs: 'o', amount: 'a', dash: 'd' },
  /** MagTek format 0002: T O A D */
  magtek0002: { transit: 'T', onUs: 'O', amount: 'A', dash: 'D' },
  /** TOAD readers (errors as `!`). */
  toad: { transit: 'T', onUs: 'O', amount: 'A', dash: 'D' },
  /** d c b -: transit d, on-us c, amount b. */
  dcb: { transit: 'd', onUs: 'c', amount: 'b', dash: '-' },
} as const satisfies Record<string, MicrSymbolMap>;

export type MicrSymbolName = keyof typeof MICR_SYMBOL_MAPS;
export const MICR_SYMBOL_NAMES = Object.keys(MICR_SYMBOL_MAPS) as MicrSymbolName[];
/** `auto` picks the first map (in this order) that spells every symbol in the line. */
export type MicrSymbolChoice = MicrSymbolName | 'auto';

export const UNREADABLE_MARKS = new Set(['?', '!']);

/** Normalised token characters: digits, space, T transit, U on-us, A amount, D dash, ? unreadable. */
export type Normalised = string;

/** Rewrites a line into the normalised alphabet, or returns the offending characters' count. */
export function normaliseMicr(line: string, map: MicrSymbolMap): { ok: true; text: Normalised } | { ok: false; bad: number } {
  let out = '';
  let bad = 0;
  for (const ch of line) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === ' ') out += ' ';
    else if (ch === map.transit) out += 'T';
    else if (ch === map.onUs) out += 'U';
    else if (ch === map.amount) out += 'A';
    else if (ch === map.dash) out += 'D';
    else if (UNREADABLE_MARKS.has(ch)) out += '?';
    else bad++;
  }
  return bad === 0 ? { ok: true, text: out } : { ok: false, bad };
}

const AUTO_ORDER: MicrSymbolName[] = ['unicode', 'magtek0000', 'dcb', 'magtek0001', 'magtek0002'];

export function resolveSymbols(choice: MicrSymbolChoice, line: string): MicrSymbolMap | undefined {
  if (choice !== 'auto') return MICR_SYMBOL_MAPS[choice];
  for (const name of AUTO_ORDER) {
    const map = MICR_SYMBOL_MAPS[name];
    if (normaliseMicr(line, map).ok) return map;
  }
  return undefined;
}
