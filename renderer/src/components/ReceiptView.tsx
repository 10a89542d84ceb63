import type { Receipt } from '../../../preload/contract';

/**
 * A receipt as the printer would print it (40 columns), and Print: the browser's print on the
 * headless page (the print style shows only the receipt).
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const label = `${receipt.copy === 'customer' ? 'Customer' : 'Merchant'} receipt`;
  return (
    <div className="receipt-area">
      <pre className="receipt" aria-label={label}>
        {receipt.lines.join('\n')}
      </pre>
      <button type="button" className="button" onClick={() => window.print()}>
        Print
      </button>
    </div>
  );
}
