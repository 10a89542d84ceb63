import type { Receipt, ReceiptPrinted } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';

/** What a press of Print did, in words for the counter. */
export interface PrintNote {
  readonly ok: boolean;
  readonly words: string;
}

function where(r: ReceiptPrinted): string {
  switch (r.printedOn) {
    case 'device':
      return `Printed on ${r.printer ?? 'the receipt printer'}.`;
    case 'system':
      return r.printer ? `Sent to the printer ${r.printer}.` : 'Sent to the default printer.';
    case 'browser':
      return 'The print dialog of this page opened: choose the printer there.';
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
    return { ok: false, words: `The receipt was not printed: ${errorWords(e)}` };
  }
  if (printed.printedOn === 'browser') print();
  return { ok: true, words: where(printed) };
}
