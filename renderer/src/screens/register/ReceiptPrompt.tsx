import { useT } from '../../i18n/i18n';

/**
 * "Print the receipt?" once a payment is approved (receipts.afterApproval ask): Print has the
 * focus, so Enter prints; Esc (the Register's keys) or No receipt goes on without one.
 */
export function ReceiptPrompt({ onPrint, onSkip }: { onPrint: () => void; onSkip: () => void }) {
  const { t } = useT('register');
  return (
    <div className="receipt-prompt" role="group" aria-labelledby="receipt-ask">
      <p id="receipt-ask" className="receipt-ask">
        {t('receipt.ask')}
      </p>
      <button type="button" className="button primary" onClick={onPrint} autoFocus>
        {t('receipt.askPrint')}
      </button>
      <button type="button" className="button" onClick={onSkip}>
        {t('receipt.askSkip')}
      </button>
    </div>
  );
}
