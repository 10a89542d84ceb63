import { useEffect, useRef, useState } from 'react';
import type { Receipt } from '../../../preload/contract';
import { useT } from '../i18n/i18n';
import { printNoteWords, printReceipt, type PrintNote } from './print-receipt';

/**
 * A receipt as the printer would print it (40 columns), and Print: where the terminal prints
 * (receipts.print: the receipt printer, the system printer), or the browser's print dialog when it
 * says so (the print style shows only the receipt). What happened is said under the button.
 * `printOnShow` prints it once as it appears (the Register's receipts.afterApproval); `onPrinted`
 * says a print ended, and whether it was asked by its Print button or by showing the receipt, so the
 * screen can move focus on. Print is never disabled while it prints
 * (a disabled button drops the focus to the page): a second press then does nothing.
 */
export function ReceiptView({ receipt, printOnShow = false, onPrinted }: { receipt: Receipt; printOnShow?: boolean; onPrinted?: (by: 'button' | 'shown') => void }) {
  const { t } = useT('common');
  const label = t(receipt.copy === 'customer' ? 'receipt.customer' : 'receipt.merchant');
  const key = `${receipt.clientRef}:${receipt.copy}`;
  const [note, setNote] = useState<{ key: string; busy: boolean; note?: PrintNote } | undefined>(undefined);
  const shown = note?.key === key ? note : undefined;
  const busy = shown?.busy === true;
  const printed = useRef<string | undefined>(undefined);
  const print = (by: 'button' | 'shown'): void => {
    if (busy) return;
    printed.current = key;
    setNote({ key, busy: true });
    void printReceipt(receipt).then((n) => {
      setNote({ key, busy: false, note: n });
      onPrinted?.(by);
    });
  };
  useEffect(() => {
    // Once per receipt, also when React runs effects twice.
    if (printOnShow && printed.current !== key) print('shown');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- print reads the receipt of this key
  }, [printOnShow, key]);
  return (
    <div className="receipt-area">
      <pre className="receipt" aria-label={label} tabIndex={0}>
        {receipt.lines.join('\n')}
      </pre>
      <div className="receipt-actions">
        <button type="button" className="button" aria-disabled={busy} onClick={() => print('button')}>
          {t('receipt.print')}
        </button>
        <p className={`receipt-note ${shown?.note && !shown.note.ok ? 'tone-bad' : ''}`} aria-live="polite" data-testid="receipt-printed">
          {shown?.busy ? t('receipt.printing') : shown?.note ? printNoteWords(shown.note, t) : null}
        </p>
      </div>
    </div>
  );
}
