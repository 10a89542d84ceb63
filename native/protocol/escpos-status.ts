import { EOT } from './bytes';
import { DLE } from './escpos';

/**
 * Real-time status of an ESC/POS printer. The counter sends DLE EOT n (10 04 n) and the printer
 * answers one byte at once, even while it is stopped. Every answer has bits 1 and 4 set and bits
 * 0 and 7 clear (mask 0x93 gives 0x12), which is how an answer is told from other bytes.
 *
 *   n = 2, off-line cause:  bit 2 cover open · bit 3 paper being fed by the button
 *                           bit 5 stopped at the end of the paper · bit 6 an error occurred
 *   n = 4, paper sensor:    bits 2+3 roll near its end · bits 5+6 roll at its end
 *
 * Example: a printer out of paper with its cover shut answers 0x32 to n = 2 and 0x7E to n = 4.
 */
export const STATUS_QUERIES = { offline: 2, paper: 4 } as const;
export type StatusQuery = keyof typeof STATUS_QUERIES;

export function statusRequest(query: StatusQuery): Buffer {
  return Buffer.from([DLE, EOT, STATUS_QUERIES[query]]);
}

/** Whether a byte has the fixed bits of a DLE EOT answer. */
export function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

export interface PrinterCondition {
  readonly coverOpen: boolean;
  readonly paperOut: boolean;
  readonly paperLow: boolean;
  /** An error stopped the printer (cutter jam, head too hot…). */
  readonly error: boolean;
}

/** The two answers (to n = 2 and n = 4) as a condition. */
export function conditionOf(offline: number, paper: number): PrinterCondition {
  return {
    coverOpen: (offline & 0x04) !== 0,
    paperOut: (offline & 0x20) !== 0 || (paper & 0x60) === 0x60,
    paperLow: (paper & 0x0c) === 0x0c,
    error: (offline & 0x40) !== 0,
  };
}

/** The answer bytes a printer in `condition` sends (simulators and tests). */
export function statusBytes(condition: PrinterCondition): { offline: number; paper: number } {
  return {
    offline: 0x12 | (condition.coverOpen ? 0x04 : 0) | (condition.paperOut ? 0x20 : 0) | (condition.error ? 0x40 : 0),
    paper: 0x12 | (condition.paperLow || condition.paperOut ? 0x0c : 0) | (condition.paperOut ? 0x60 : 0),
  };
}

/** What is wrong, in words for the person at the counter, or undefined when it can print. */
export function conditionWords(c: PrinterCondition): string | undefined {
  if (c.coverOpen) return 'the printer cover is open: close it and try again';
  if (c.paperOut) return 'the printer is out of paper: load a new roll and try again';
  if (c.error) return 'the printer reports an error (a paper jam or the cutter): open it, clear the paper, close it and try again';
  return undefined;
}

/** The status answers in bytes from the printer, in order; anything else is dropped. */
export function answersIn(chunk: Uint8Array): number[] {
  const out: number[] = [];
  for (const b of chunk) if (isStatusByte(b)) out.push(b);
  return out;
}
