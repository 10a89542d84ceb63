import { MICR_SYMBOL_MAPS, type MicrSymbolName } from '../check/micr-symbols';
import { frameBytes, type Framing } from '../protocol/framing';
import type { SampleCheck } from './sample-cards';

/** The line a MICR reader prints for a check, in the given symbol spelling, with or without `/NN`. */
export function micrLine(check: SampleCheck, symbols: MicrSymbolName = 'magtek0000', withStatus = true): string {
  const map = MICR_SYMBOL_MAPS[symbols];
  const unreadable = symbols === 'toad' ? '!' : '?';
  let line = '';
  for (const ch of check.line) {
    line += ch === 'T' ? map.transit : ch === 'U' ? map.onUs : ch === 'A' ? map.amount : ch === 'D' ? map.dash : ch === '?' ? unreadable : ch;
  }
  return withStatus ? `${line}/${check.status}` : line;
}

/** Bytes a serial MICR reader sends for one check. */
export function micrBytes(check: SampleCheck, options: { symbols?: MicrSymbolName; framing?: Framing; withStatus?: boolean } = {}): Buffer {
  const line = micrLine(check, options.symbols, options.withStatus ?? true);
  return frameBytes(Buffer.from(line, 'utf8'), options.framing ?? 'cr');
}
