import type { Receipt, ReceiptPrinted } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { useT } from '../i18n/i18n';
import { problemWords, toProblem, type Problem } from './problem';

/** The shared namespace's t, as a screen has it. */
type CommonT = ReturnType<typeof useT<'common'>>['t'];

/** What a press of Print did: where it went, or why it did not print (the screen says it in its language). */
export type PrintNote = { readonly ok: true; readonly printed: ReceiptPrinted } | { readonly ok: false; readonly problem: Problem };

/** The note in words for the counter. */
export function printNoteWords(note: PrintNote, t: CommonT): string {
  return note.ok ? where(note.printed, t) : t('receipt.notPrinted', { why: problemWords(note.problem) ?? '' });
}

function where(r: ReceiptPrinted, t: CommonT): string {
  switch (r.printedOn) {
    case 'device':
      return r.printer ? t('receipt.printedOn', { printer: r.printer }) : t('receipt.printedOnLane');
    case 'system':
      return r.printer ? t('receipt.sentTo', { printer: r.printer }) : t('receipt.sentToDefault');
    case 'browser':
      return t('receipt.browser');
  }
}

/**
 * Prints a receipt where the terminal says (receipts.print); only when it answers `browser` does
 * the page open its own print dialog (the print style shows the receipt alone).
 */
export async function printReceipt(receipt: Receipt, print: () => void = () => window.print()): Promise<PrintNote> {
  let printed: ReceiptPrinted;
  try {
    printed = await connect().client.call('receipts.print', { ref: receipt.clientRef, copy: receipt.copy });
  } catch (e) {
    return { ok: false, problem: toProblem(e) };
  }
  if (printed.printedOn === 'browser') print();
  return { ok: true, printed };
}
