import { useEffect, useState, type ReactNode } from 'react';
import type { PaymentRow, QueueStatus } from '../../../../preload/contract';
import { dateTime, money } from '../../components/money';
import { useQueueStore, type QueueList } from '../../stores/queue-store';


function age(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

function card(row: PaymentRow): string {
  if (row.tender === 'check') return `Check, account ${row.masked ?? ''}`;
  return [row.brand && row.brand !== 'unknown' ? row.brand.toUpperCase() : '', row.masked ?? '', row.cardholderName ? `, ${row.cardholderName}` : ''].join(' ').trim();
}

function Summary({ status }: { status: QueueStatus }) {
  const q = status.mode === 'training' ? status.training : status.live;
  const l = status.limits;
  return (
    <div className="cards">
      <article className="card">
        <h2>Waiting to be sent</h2>
        <p className="big">{q.count}</p>
        <p>
          {money(q.totalCents)} of {money(l.maxTotalCents)} allowed; at most {l.maxCount} payments, {money(l.maxAmountCents)} each.
          {!l.enabled && ' Offline payments are turned off (offline.enabled).'}
        </p>
        {q.oldestAt && <p>Oldest: {age(q.oldestAt)} ago. After {l.maxAgeHours} h a payment is flagged expired (it is still sent).</p>}
        {q.expired > 0 && <p className="error-note">{q.expired} expired: send them as soon as the gateway answers.</p>}
      </article>
      <article className="card">
        <h2>Forwarding</h2>
        <p className="big">{status.paused ? 'Paused' : status.forwarding ? 'Sending…' : q.count > 0 ? 'Waiting' : 'Idle'}</p>
        {status.nextAttemptAt && q.count > 0 && <p>Next try: {dateTime(status.nextAttemptAt)}</p>}
        {status.lastError && <p className="muted">Last try: {status.lastError}</p>}
      </article>
      <article className="card">
        <h2>For the manager</h2>
        <p className="big">{q.needsLookup + q.attention}</p>
        <p>
          {q.needsLookup} with an unknown outcome, {q.attention} declined after sending.
        </p>
      </article>
    </div>
  );
}

function Rows({ rows, empty, actions }: { rows: PaymentRow[]; empty: string; actions?: (row: PaymentRow) => ReactNode }) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="queue-rows">
      {rows.map((r) => (
        <li key={r.clientRef} className="queue-row">
          <div>
            <strong>{money(r.requestedCents)}</strong> {r.type} · {card(r)}
            {r.expired && <span className="tag">expired</span>}
          </div>
          <div className="muted">
            {dateTime(r.createdAt)} ({age(r.createdAt)} ago) · reference {r.clientRef}
            {r.attempts > 0 ? ` · ${r.attempts} attempt${r.attempts === 1 ? '' : 's'}` : ''}
          </div>
          {r.message && <div className="muted">{r.message}</div>}
          {actions?.(r)}
        </li>
      ))}
    </ul>
  );
}

function LookupActions({ row, by, onResolve }: { row: PaymentRow; by: string; onResolve: ReturnType<typeof useQueueStore.getState>['resolve'] }) {
  const [tag, setTag] = useState('');
  const need = by.trim() === '';
  return (
    <form
      className="row-actions"
      aria-label={`Decide payment ${row.clientRef}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (tag && !need) onResolve({ action: 'lookup', ref: row.clientRef, tag, decidedBy: by.trim() });
      }}
    >
      <label className="field">
        Tag from the gateway&apos;s report
        <input inputMode="numeric" value={tag} maxLength={20} onChange={(e) => setTag(e.target.value.replace(/\D/g, ''))} />
      </label>
      <button type="submit" className="button" disabled={!tag || need}>
        Look it up
      </button>
      <button type="button" className="button" disabled={need} onClick={() => onResolve({ action: 'not-processed', ref: row.clientRef, decidedBy: by.trim() })}>
        Not in the report: send again
      </button>
      <button type="button" className="button" disabled={need} onClick={() => onResolve({ action: 'write-off', ref: row.clientRef, decidedBy: by.trim() })}>
        Write it off
      </button>
    </form>
  );
}

/**
 * The offline queue: what waits against the store's limits, forward now and pause, and the
 * manager's lists (outcome unknown, declined after sending) with their decisions.
 */
export function QueueScreen() {
  const q = useQueueStore();
  const [by, setBy] = useState('');
  useEffect(() => q.load(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const list = (l: QueueList): PaymentRow[] => q.lists[l];
  return (
    <section className="screen queue-screen" aria-labelledby="queue-title">
      <div className="screen-head">
        <h1 id="queue-title">Offline queue</h1>
        <button type="button" className="button primary" disabled={q.busy} onClick={q.forward}>
          Forward now
        </button>
        {q.status && (
          <button type="button" className="button" onClick={() => q.pause(!q.status?.paused)}>
            {q.status.paused ? 'Resume forwarding' : 'Pause forwarding'}
          </button>
        )}
      </div>
      {q.error && (
        <p className="error-note" role="alert">
          {q.error}
        </p>
      )}
      {q.note && <p role="status">{q.note}</p>}
      {q.status && <Summary status={q.status} />}
      <div className="panel">
        <h2>Stored offline, oldest first</h2>
        <Rows rows={list('offline')} empty="Nothing waits to be sent." />
      </div>
      <div className="panel">
        <h2>Outcome unknown: look up before anything is sent again</h2>
        <label className="field decided-by">
          Your name, recorded with each decision
          <input value={by} maxLength={40} onChange={(e) => setBy(e.target.value)} />
        </label>
        <Rows rows={list('needs-lookup')} empty="No payment waits for a lookup." actions={(r) => <LookupActions row={r} by={by} onResolve={q.resolve} />} />
      </div>
      <div className="panel">
        <h2>Declined after sending: contact the customer</h2>
        <Rows
          rows={list('attention')}
          empty="No payment needs attention."
          actions={(r) => (
            <div className="row-actions">
              <button type="button" className="button" disabled={by.trim() === ''} onClick={() => q.resolve({ action: 'acknowledge', ref: r.clientRef, decidedBy: by.trim() })}>
                Customer contacted
              </button>
            </div>
          )}
        />
      </div>
    </section>
  );
}
