import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Receipt } from './payments';

/** Contract entries of receipts: printing one where this lane prints (see main/receipts/route.ts). */

export const PrintedOn = lazySchema(() => z.enum(['device', 'system', 'browser']));
export type PrintedOn = z.infer<typeof PrintedOn>;

export const ReceiptPrinted = lazySchema(() => z.strictObject({
  /**
   * `device`: the lane's ESC/POS receipt printer (or the training one) printed it; `system`: it went
   * to the operating system's printer (desktop app); `browser`: nothing printed yet, the page opens
   * the browser's print dialog.
   */
  printedOn: PrintedOn,
  /** The device's name or the system printer's name; null for the OS default printer and the browser. */
  printer: z.string().max(200).nullable(),
}));
export type ReceiptPrinted = z.infer<typeof ReceiptPrinted>;

export const receiptMethods = {
  /** Prints the customer's or the merchant's copy of a payment of the current mode. */
  'receipts.print': {
    input: lazySchema(() => z.strictObject({ ref: Receipt.shape.clientRef, copy: Receipt.shape.copy })),
    output: ReceiptPrinted,
  },
} as const;
