import { useState } from 'react';
import type { Receipt } from '../../../preload/contract';
import { useT } from '../i18n/i18n';
import { printReceipt, type PrintNote } from './print-receipt';

/**
 * A receipt as the printer would print it (40 columns), and Print: where the terminal prints
 * (receipts.print: the receipt printer, the system printer), or the browser's print dialog when it
 * says so (the print style shows only the receipt). What happened is said under the button.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useT('common');
  const label = t(receipt.copy === 'customer' ? 'receipt.customer' : 'receipt.merchant');
  const key = `${receipt.clientRef}:${receipt.copy}`;
  const [note, setNote] = useState<(PrintNote & { key: string; busy: boolean }) | undefined>(undefined);
  const shown = note?.key === key ? note : undefined;
  const print = (): void => {
    setNote({ key, busy: true, ok: true, words: t('receipt.printing') });
    void printReceipt(receipt).then((n) => setNote({ ...n, key, busy: false }));
  };
  return (
    <div className="receipt-area">
      <pre className="receipt" aria-label={label}>
        {receipt.lines.join('\n')}
      </pre>
      <button type="button" className="button" disabled={shown?.busy === true} onClick={print}>
        {t('receipt.print')}
      </button>
      <p className={`receipt-note ${shown && !shown.ok ? 'tone-bad' : ''}`} aria-live="polite" data-testid="receipt-printed">
        {shown?.words}
      </p>
    </div>
  );
}
