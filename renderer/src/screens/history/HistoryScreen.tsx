import { useEffect, useState } from 'react';
import { PaymentState, PaymentType, type PaymentRow } from '../../../../preload/contract';
import { dateTime, money } from '../../components/money';
import { ReceiptView } from '../../components/ReceiptView';
import { useHistoryStore, type Detail } from '../../stores/history-store';
import { useRegisterStore } from '../../stores/register-store';

const TYPE_WORDS: Record<string, string> = { sale: 'Sale', preauth: 'Pre-auth', completion: 'Completion', refund: 'Refund', void: 'Void', verify: 'Verify' };

function cardOf(r: PaymentRow): string {
  if (r.tender === 'check') return `Check ${r.masked ?? ''}`;
  return `${r.brand && r.brand !== 'unknown' ? `${r.brand.toUpperCase()} ` : ''}${r.masked ?? ''}`;
}

/** What may be done from a payment's row: void or refund an approved sale, complete a pre-authorization. */
function Actions({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const p = detail.payment;
  const start = useRegisterStore((r) => r.startFrom);
  const [amount, setAmount] = useState('');
  if (p.state !== 'approved') return null;
  const voided = detail.related.some((r) => r.type === 'void' && (r.state === 'approved' || r.state === 'offline'));
  if (voided) return <p className="muted">Voided.</p>;
  const cents = /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : 0;
  const go = (type: 'void' | 'refund' | 'completion'): void => {
    start(type, p.clientRef, type === 'void' ? 0 : cents);
    onDone();
  };
  return (
    <div className="row-actions">
      {['sale', 'preauth', 'completion', 'refund'].includes(p.type) && (
        <button type="button" className="button" onClick={() => go('void')}>
          Void
        </button>
      )}
      {['sale', 'completion', 'preauth'].includes(p.type) && (
        <>
          <label className="field">
            Amount (empty: all that is left)
            <input inputMode="decimal" value={amount} maxLength={10} placeholder="0.00" onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))} />
          </label>
          {p.type !== 'preauth' && (
            <button type="button" className="button" onClick={() => go('refund')}>
              Refund
            </button>
          )}
          {p.type === 'preauth' && (
            <button type="button" className="button" onClick={() => go('completion')}>
              Complete
            </button>
          )}
        </>
      )}
    </div>
  );
}

function DetailPanel({ detail, onClose, onStarted }: { detail: Detail; onClose: () => void; onStarted: () => void }) {
  const h = useHistoryStore();
  const p = detail.payment;
  return (
    <div className="panel history-detail" role="region" aria-label={`Payment ${p.clientRef}`}>
      <div className="screen-head">
        <h2>
          {TYPE_WORDS[p.type]} {money(p.approvedCents ?? p.requestedCents)}, {p.state}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      <p>{p.words}</p>
      <p className="sale-line">
        <span className="label">Card or check</span> {cardOf(p)}
        {p.cardholderName ? `, ${p.cardholderName}` : ''}
      </p>
      {p.authorizationNum && (
        <p className="sale-line">
          <span className="label">Authorization</span> {p.authorizationNum}
        </p>
      )}
      <p className="sale-line">
        <span className="label">Reference</span> {p.clientRef} · {dateTime(p.createdAt)}
        {p.cashier ? ` · cashier ${p.cashier}` : ''}
        {p.approvedBy ? ` · approved by ${p.approvedBy}` : ''}
      </p>
      {p.message && <p className="muted">{p.message}</p>}
      <Actions detail={detail} onDone={onStarted} />
      <div className="row-actions">
        <button type="button" className="button" onClick={() => h.showReceipt(p.clientRef, 'customer')}>
          Customer receipt
        </button>
        <button type="button" className="button" onClick={() => h.showReceipt(p.clientRef, 'merchant')}>
          Merchant copy
        </button>
      </div>
      {h.receipt && h.receipt.clientRef === p.clientRef && <ReceiptView receipt={h.receipt} />}
    </div>
  );
}

/**
 * History: the journal searched by day, type, tender, state, last four digits or reference; a
 * payment opened with its receipt, and voided, refunded or completed from its row (the manager
 * approves in the PIN dialog); the day's totals; CSV export (manager).
 */
export function HistoryScreen({ onFollow }: { onFollow: () => void }) {
  const h = useHistoryStore();
  useEffect(() => h.search(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const t = h.totals;
  return (
    <section className="screen history-screen" aria-labelledby="history-title">
      <div className="screen-head">
        <h1 id="history-title">History</h1>
        <button type="button" className="button" onClick={h.exportCsv}>
          Export CSV
        </button>
        {h.exportNote && <span role="status">{h.exportNote}</span>}
      </div>
      <form
        className="filters"
        aria-label="Search the journal"
        onSubmit={(e) => {
          e.preventDefault();
          h.search();
        }}
      >
        <label className="field">
          Day
          <input type="date" value={h.filter.date} onChange={(e) => h.setFilter({ date: e.target.value })} />
        </label>
        <label className="field">
          Type
          <select value={h.filter.type} onChange={(e) => h.setFilter({ type: e.target.value })}>
            <option value="">Any</option>
            {PaymentType.options.map((o) => (
              <option key={o} value={o}>
                {TYPE_WORDS[o] ?? o}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Tender
          <select value={h.filter.tender} onChange={(e) => h.setFilter({ tender: e.target.value })}>
            <option value="">Any</option>
            <option value="card">Card</option>
            <option value="check">Check</option>
          </select>
        </label>
        <label className="field">
          State
          <select value={h.filter.state} onChange={(e) => h.setFilter({ state: e.target.value })}>
            <option value="">Any</option>
            {PaymentState.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Last 4 digits
          <input inputMode="numeric" maxLength={4} value={h.filter.last4} onChange={(e) => h.setFilter({ last4: e.target.value.replace(/\D/g, '') })} />
        </label>
        <label className="field">
          Reference, tag or authorization
          <input value={h.filter.reference} maxLength={64} onChange={(e) => h.setFilter({ reference: e.target.value.replace(/[^A-Za-z0-9_-]/g, '') })} />
        </label>
        <button type="submit" className="button primary">
          Search
        </button>
      </form>
      {h.error && (
        <p className="error-note" role="alert">
          {h.error}
        </p>
      )}
      {t && (
        <div className="cards totals" aria-label="Totals of the day">
          <article className="card">
            <h2>Approved</h2>
            <p className="big">{money(t.approvedCents)}</p>
          </article>
          <article className="card">
            <h2>Refunded</h2>
            <p className="big">{money(t.refundedCents)}</p>
          </article>
          <article className="card">
            <h2>Voided</h2>
            <p className="big">{money(t.voidedCents)}</p>
          </article>
          <article className="card">
            <h2>Offline, not sent yet</h2>
            <p className="big">{money(t.offlineOutstandingCents)}</p>
          </article>
          <article className="card">
            <h2>Net</h2>
            <p className="big">{money(t.netCents)}</p>
          </article>
        </div>
      )}
      {h.detail && (
        <DetailPanel
          detail={h.detail}
          onClose={h.close}
          onStarted={() => {
            h.close();
            onFollow();
          }}
        />
      )}
      {h.rows.length === 0 ? (
        <p className="muted">No payment matches.</p>
      ) : (
        <table className="history-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Type</th>
              <th scope="col">Amount</th>
              <th scope="col">Card or check</th>
              <th scope="col">State</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            {h.rows.map((r) => (
              <tr key={r.clientRef}>
                <td>{dateTime(r.createdAt)}</td>
                <td>{TYPE_WORDS[r.type]}</td>
                <td className="num">{money(r.approvedCents ?? r.requestedCents)}</td>
                <td>{cardOf(r)}</td>
                <td>{r.state}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => h.open(r.clientRef)} aria-label={`Open payment ${r.clientRef}`}>
                    {r.clientRef}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {h.nextBeforeId !== null && (
        <button type="button" className="button" onClick={() => h.search(true)}>
          More
        </button>
      )}
    </section>
  );
}
