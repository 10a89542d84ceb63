import { useEffect, useState } from 'react';
import { money } from '../../components/money';
import { currentLocale, useT } from '../../i18n/i18n';
import type { Detail } from '../../stores/history-store';
import { useRegisterStore } from '../../stores/register-store';
import { centsOfText, textOfCents } from './amount-text';
import { amountOf, refundLeftOf } from './standing-words';

const VOIDABLE = new Set(['sale', 'preauth', 'completion', 'refund']);

/** What the standing of an approved card payment lets the cashier do with it. */
function offers(p: Detail['payment']): { canVoid: boolean; canRefund: boolean; canComplete: boolean; moved: boolean; refundable: boolean; left: number } {
  const { refundedCents, completedCents } = p.standing;
  const moved = refundedCents > 0 || completedCents > 0;
  const refundable = p.type === 'sale' || p.type === 'completion';
  const left = p.type === 'preauth' ? amountOf(p) : refundLeftOf(p);
  const open = p.state === 'approved' && !p.standing.voided && p.tender !== 'check';
  return { canVoid: open && VOIDABLE.has(p.type) && !moved, canRefund: open && refundable && left > 0, canComplete: open && p.type === 'preauth' && completedCents === 0, moved, refundable, left };
}

/**
 * What may be done from a payment's row, as its standing allows: void an approved payment
 * nothing was refunded or completed from (a void would not undo those), refund what is left of a
 * sale or completion, complete a pre-authorization once. The operation runs on the Register (the
 * manager approves there); the journal's claim rule checks again, with what is in flight too.
 * A payment opened with something to offer has main ready the gateway's connection: a void goes
 * without a card, at once, and on a slow link the handshakes would otherwise be the cashier's wait.
 */
export function PaymentActions({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const { t } = useT('history');
  const p = detail.payment;
  const start = useRegisterStore((r) => r.startFrom);
  const expect = useRegisterStore((r) => r.expect);
  const [amount, setAmount] = useState('');
  const [bad, setBad] = useState(false);
  const { canVoid, canRefund, canComplete, moved, refundable, left } = offers(p);
  const offered = canVoid || canRefund || canComplete;
  useEffect(() => {
    if (offered) expect();
  }, [p.clientRef, offered, expect]);
  if (p.state !== 'approved') return null;
  if (p.standing.voided) return <p className="muted">{t('actions.voided')}</p>;
  // The gateway takes a check's sale and lookups only (main refuses the rest).
  if (p.tender === 'check') return <p className="muted">{t('actions.checkAtGateway')}</p>;
  const go = (type: 'void' | 'refund' | 'completion'): void => {
    const cents = type === 'void' ? 0 : centsOfText(amount);
    // Text that is not an amount is never taken as "all that is left".
    if (cents === undefined) {
      setBad(true);
      return;
    }
    // The Register shows what will be moved while the manager's PIN is asked: all of a void, or what is left when no amount was typed.
    start(type, p.clientRef, cents, type === 'void' ? amountOf(p) : cents === 0 ? left : cents);
    onDone();
  };
  return (
    <>
      {refundable && !canRefund && <p className="muted">{t('actions.refundedAll')}</p>}
      {VOIDABLE.has(p.type) && moved && <p className="muted">{t('actions.noVoid')}</p>}
      <div className="row-actions">
        {canVoid && (
          <button type="button" className="button" onClick={() => go('void')}>
            {t('actions.void')}
          </button>
        )}
        {(canRefund || canComplete) && (
          <>
            <label className="field">
              {t('actions.amount', { left: money(left) })}
              <input
                inputMode="decimal"
                value={amount}
                maxLength={10}
                placeholder={textOfCents(left, currentLocale())}
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
            {canRefund && (
              <button type="button" className="button" onClick={() => go('refund')}>
                {t('actions.refund')}
              </button>
            )}
            {canComplete && (
              <button type="button" className="button" onClick={() => go('completion')}>
                {t('actions.complete')}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
