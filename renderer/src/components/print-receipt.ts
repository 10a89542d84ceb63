import type { Receipt, ReceiptPrinted } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { i18n } from '../i18n/i18n';

/** What a press of Print did, in words for the counter. */
export interface PrintNote {
  readonly ok: boolean;
  readonly words: string;
}

function where(r: ReceiptPrinted): string {
  const t = i18n.getFixedT(null, 'common');
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
    return { ok: false, words: i18n.t('receipt.notPrinted', { ns: 'common', why: errorWords(e) }) };
  }
  if (printed.printedOn === 'browser') print();
  return { ok: true, words: where(printed) };
}
