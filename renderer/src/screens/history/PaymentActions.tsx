import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { Detail } from '../../stores/history-store';
import { useRegisterStore } from '../../stores/register-store';
import { centsOfText } from './amount-text';

const VOIDABLE = new Set(['sale', 'preauth', 'completion', 'refund']);
const WITH_AMOUNT = new Set(['sale', 'completion', 'preauth']);

/**
 * What may be done from a payment's row: void or refund an approved sale, complete a
 * pre-authorization. The operation runs on the Register (the manager approves there).
 */
export function PaymentActions({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const { t } = useT('history');
  const p = detail.payment;
  const start = useRegisterStore((r) => r.startFrom);
  const [amount, setAmount] = useState('');
  const [bad, setBad] = useState(false);
  if (p.state !== 'approved') return null;
  const voided = detail.related.some((r) => r.type === 'void' && (r.state === 'approved' || r.state === 'offline'));
  if (voided) return <p className="muted">{t('actions.voided')}</p>;
  const go = (type: 'void' | 'refund' | 'completion'): void => {
    const cents = type === 'void' ? 0 : centsOfText(amount);
    // Text that is not an amount is never taken as "all that is left".
    if (cents === undefined) {
      setBad(true);
      return;
    }
    start(type, p.clientRef, cents);
    onDone();
  };
  return (
    <div className="row-actions">
      {VOIDABLE.has(p.type) && (
        <button type="button" className="button" onClick={() => go('void')}>
          {t('actions.void')}
        </button>
      )}
      {WITH_AMOUNT.has(p.type) && (
        <>
          <label className="field">
            {t('actions.amount')}
            <input
              inputMode="decimal"
              value={amount}
              maxLength={10}
              placeholder="0.00"
              aria-invalid={bad}
              aria-describedby={bad ? 'history-amount-problem' : undefined}
              onChange={(e) => {
                setAmount(e.target.value.replace(/[^\d.,]/g, ''));
                setBad(false);
              }}
            />
            {bad && (
              <span id="history-amount-problem" className="field-problem">
                {t('actions.badAmount')}
              </span>
            )}
          </label>
          {p.type !== 'preauth' && (
            <button type="button" className="button" onClick={() => go('refund')}>
              {t('actions.refund')}
            </button>
          )}
          {p.type === 'preauth' && (
            <button type="button" className="button" onClick={() => go('completion')}>
              {t('actions.complete')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
