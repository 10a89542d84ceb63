import { useState } from 'react';
import type { CheckDetails, Receipt, SaleView } from '../../../../preload/contract';
import { money } from '../../components/money';
import { ReceiptView } from '../../components/ReceiptView';
import type { RegisterTender } from '../../stores/register-store';

const WAITING_WORDS: Record<NonNullable<SaleView['waitingFor']>, string> = {
  tender: 'Choose card or check.',
  card: 'Swipe the card, or ask the customer to swipe it on the PIN pad.',
  check: 'Run the check through the check reader.',
  'check-details': 'Enter the check details below.',
  'customer-confirm': 'The customer confirms the amount on the PIN pad.',
  gateway: 'Sending to the gateway…',
};

type Tone = 'ok' | 'warn' | 'bad' | 'muted';

/** The result in one word, its colour, and what the cashier does next. */
function result(sale: SaleView): { title: string; tone: Tone; next: string } {
  switch (sale.state) {
    case 'approved':
      return sale.balanceDueCents > 0
        ? { title: 'Partly approved', tone: 'warn', next: `${money(sale.approvedCents ?? 0)} was approved. ${money(sale.balanceDueCents)} is left to pay with another card or a check.` }
        : { title: 'Approved', tone: 'ok', next: 'Give the customer the receipt.' };
    case 'offline':
      return { title: 'Stored offline', tone: 'warn', next: 'Accepted offline: it is sent when the gateway is back. Give the customer the receipt.' };
    case 'declined':
      return { title: 'Declined', tone: 'bad', next: 'The bank declined it. Ask for another card or another way to pay.' };
    case 'rejected':
      return { title: 'Rejected', tone: 'bad', next: 'The gateway refused the request. Try again; if it happens again, call support.' };
    case 'needs-lookup':
      return { title: 'Outcome unknown', tone: 'warn', next: 'Do not charge again: a manager looks it up in the offline queue first.' };
    case 'cancelled':
      return { title: 'Cancelled', tone: 'muted', next: 'Nothing was charged.' };
    default:
      return { title: 'Not charged', tone: 'bad', next: 'Nothing was charged. Try again.' };
  }
}

function CardLine({ sale }: { sale: SaleView }) {
  if (sale.card) {
    return (
      <p className="sale-line">
        <span className="label">Card</span> {sale.card.brand === 'unknown' ? '' : `${sale.card.brand.toUpperCase()} `}
        {sale.card.masked}
        {sale.card.name ? `, ${sale.card.name}` : ''}
      </p>
    );
  }
  if (sale.check) {
    return (
      <p className="sale-line">
        <span className="label">Check</span> routing {sale.check.routing}, account {sale.check.accountMasked}
        {sale.check.checkNumber ? `, number ${sale.check.checkNumber}` : ''}
      </p>
    );
  }
  return null;
}

function CheckDetailsForm({ onSubmit }: { onSubmit: (details: CheckDetails) => void }) {
  const [checkType, setCheckType] = useState<'personal' | 'corporate'>('personal');
  const [customerName, setName] = useState('');
  const [id, setId] = useState('');
  return (
    <form
      className="check-details"
      aria-label="Check details"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ checkType, ...(customerName.trim() ? { customerName: customerName.trim() } : {}), ...(id.trim() ? { idType: 0 as const, id: id.trim() } : {}) });
      }}
    >
      <fieldset className="segmented">
        <legend>Check type</legend>
        {(['personal', 'corporate'] as const).map((t) => (
          <label key={t}>
            <input type="radio" name="check-type" value={t} checked={checkType === t} onChange={() => setCheckType(t)} /> {t === 'personal' ? 'Personal' : 'Corporate'}
          </label>
        ))}
      </fieldset>
      <label className="field">
        Customer name (optional)
        <input value={customerName} maxLength={30} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        Driver&apos;s licence, state first (optional)
        <input value={id} maxLength={30} placeholder="IL123456" onChange={(e) => setId(e.target.value)} />
      </label>
      <button type="submit" className="button primary">
        Send the check
      </button>
    </form>
  );
}

export interface SalePanelProps {
  sale: SaleView | undefined;
  training: boolean;
  onCancel: () => void;
  onNewSale: () => void;
  onPayBalance: (tender: RegisterTender) => void;
  onCheckDetails: (details: CheckDetails) => void;
  onSimulate: (what: 'visa' | 'mastercard' | 'chip' | 'expired' | 'check' | 'pinpad') => void;
  /** The receipt asked for, if any, and how to ask (absent: no receipt buttons). */
  receipt?: Receipt | undefined;
  onReceipt?: (copy: 'customer' | 'merchant') => void;
}

/** Where the sale is, step by step from `sale.changed`, then its result and what to do next. */
export function SalePanel({ sale, training, onCancel, onNewSale, onPayBalance, onCheckDetails, onSimulate, receipt, onReceipt }: SalePanelProps) {
  if (!sale) {
    return (
      <div className="sale-panel idle" aria-live="polite">
        <p>Type the amount, then press <kbd>Enter</kbd> (or Charge card) or Check.</p>
      </div>
    );
  }
  if (!sale.final) {
    const sending = sale.state === 'journaled' || sale.state === 'sending';
    return (
      <div className="sale-panel in-progress" aria-live="polite" data-state={sale.state}>
        <p className="sale-amount">{sale.type === 'verify' ? 'Card check ($0.00)' : money(sale.amountCents)}</p>
        <p className="sale-step" role="status">
          {sale.waitingFor ? WAITING_WORDS[sale.waitingFor] : sale.words}
        </p>
        {sale.problem && <p className="error-note">{sale.problem}</p>}
        <CardLine sale={sale} />
        {sale.waitingFor === 'check-details' && <CheckDetailsForm onSubmit={onCheckDetails} />}
        {training && sale.waitingFor === 'card' && (
          <div className="simulate" role="group" aria-label="Training: simulate a card">
            <span className="muted">Training:</span>
            <button type="button" className="button" onClick={() => onSimulate('visa')}>Swipe a Visa</button>
            <button type="button" className="button" onClick={() => onSimulate('mastercard')}>Swipe a Mastercard</button>
            <button type="button" className="button" onClick={() => onSimulate('chip')}>Swipe a chip card</button>
            <button type="button" className="button" onClick={() => onSimulate('expired')}>Swipe an expired card</button>
            <button type="button" className="button" onClick={() => onSimulate('pinpad')}>Customer swipes a Visa on the PIN pad</button>
          </div>
        )}
        {training && sale.waitingFor === 'check' && (
          <div className="simulate" role="group" aria-label="Training: simulate a check">
            <span className="muted">Training:</span>
            <button type="button" className="button" onClick={() => onSimulate('check')}>Read a sample check</button>
          </div>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={onCancel} disabled={sending} title={sending ? 'The request is on its way: it can no longer be cancelled' : undefined}>
            Cancel (Esc)
          </button>
        </div>
      </div>
    );
  }
  const r = result(sale);
  return (
    <div className={`sale-panel done tone-${r.tone}`} aria-live="polite" data-state={sale.state}>
      <p className="sale-result" role="status">
        {r.title}
      </p>
      <p className="sale-amount">{money(sale.state === 'approved' && sale.approvedCents !== null ? sale.approvedCents : sale.amountCents)}</p>
      <CardLine sale={sale} />
      {sale.outcome?.authorizationNum && (
        <p className="sale-line">
          <span className="label">Authorization</span> {sale.outcome.authorizationNum}
        </p>
      )}
      {sale.problem && <p className="error-note">{sale.problem}</p>}
      <p>{r.next}</p>
      {sale.state !== 'approved' && sale.state !== 'cancelled' && sale.outcome?.message && <p className="muted">{sale.outcome.message}</p>}
      <p className="muted">Reference {sale.clientRef}</p>
      <div className="actions">
        {sale.balanceDueCents > 0 && (
          <>
            <button type="button" className="button primary" onClick={() => onPayBalance('card')}>
              Pay {money(sale.balanceDueCents)} by card
            </button>
            <button type="button" className="button" onClick={() => onPayBalance('check')}>
              Pay {money(sale.balanceDueCents)} by check
            </button>
          </>
        )}
        <button type="button" className={`button${sale.balanceDueCents > 0 ? '' : ' primary'}`} onClick={onNewSale} autoFocus>
          New sale
        </button>
        {onReceipt && sale.state !== 'cancelled' && (
          <>
            <button type="button" className="button" onClick={() => onReceipt('customer')}>
              Customer receipt
            </button>
            <button type="button" className="button" onClick={() => onReceipt('merchant')}>
              Merchant copy
            </button>
          </>
        )}
      </div>
      {receipt && receipt.clientRef === sale.clientRef && <ReceiptView receipt={receipt} />}
    </div>
  );
}
