import { useState, type ReactNode } from 'react';
import type { PaymentRow, QueueAction } from '../../../../preload/contract';
import { CardLine } from '../../components/CardLine';
import { CheckLine } from '../../components/CheckLine';
import { clockTime } from '../../components/clock-time';
import { dateTime, digitsOnly, money } from '../../components/money';
import { useT } from '../../i18n/i18n';
import { useRovingGrid } from '../../components/roving-grid';
import { ageOf, expiresAt } from './words';

/**
 * Payments of one list, each with its amount, card, age and reference; a stored one also says
 * when it will be flagged late if still unsent (`maxAgeHours`, the store's limit).
 *
 * The list is a grid with one Tab stop (roving-grid.ts): Up/Down walk the payments, Left/Right a
 * row's description and its controls (the manager's lookup form), Enter on the description goes to
 * the row's first control, Escape in the tag field back to the description (Left/Right leave the
 * field only from either end of its text). `label` names the grid (the panel's heading).
 */
export function QueueRows({ rows, empty, now, maxAgeHours, actions, label }: { rows: PaymentRow[]; empty: string; now: number; maxAgeHours?: number | undefined; actions?: (row: PaymentRow) => ReactNode; label?: string }) {
  const { t } = useT('queue');
  const { t: common } = useT('common');
  const { ref, onKeyDown, onFocus } = useRovingGrid<HTMLDivElement>({ rowCount: rows.length });
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div ref={ref} className="queue-rows" role="grid" aria-label={label} aria-readonly onKeyDown={onKeyDown} onFocus={onFocus}>
      {rows.map((r, i) => {
        const age = ageOf(r.createdAt, now);
        return (
          <div key={r.clientRef} className="queue-row" role="row" data-row={i}>
            <div role="gridcell" data-cell>
              <div>
                <strong>{t('row.amount', { amount: money(r.requestedCents), type: common(`payment.type.${r.type}`) })}</strong> ·{' '}
                {r.tender === 'check' ? (
                  <CheckLine check={{ routing: r.routing, accountMasked: r.masked, checkNumber: r.checkNumber }} />
                ) : (
                  <CardLine card={{ brand: r.brand, masked: r.masked, name: r.cardholderName }} />
                )}
                {r.expired && <span className="tag tone-bad">{t('row.expired')}</span>}
              </div>
              <div className="muted">
                {t('row.when', { when: dateTime(r.createdAt), age: t(age.key, { count: age.count }) })} · {t('row.reference', { ref: r.clientRef })}
                {r.attempts > 0 ? ` · ${t('row.attempts', { count: r.attempts })}` : ''}
                {maxAgeHours !== undefined && !r.expired ? ` · ${t('row.expires', { when: clockTime(expiresAt(r, maxAgeHours), new Date(now)) })}` : ''}
              </div>
              {/* A part approval once the customer has left: what is still to collect, in the screen's words; otherwise the gateway's answer, as it came. */}
              {r.state === 'approved' && r.approvedCents !== null && r.approvedCents < r.requestedCents ? (
                <div>{t('row.partial', { approved: money(r.approvedCents), left: money(r.requestedCents - r.approvedCents) })}</div>
              ) : (
                r.message && <div className="muted">{r.message}</div>
              )}
            </div>
            {actions && <div role="gridcell">{actions(r)}</div>}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The manager's three ways out of "outcome unknown": the tag from the gateway's report, send again
 * (while the card data is still kept), or write off.
 */
export function LookupActions({ row, by, onResolve }: { row: PaymentRow; by: string; onResolve: (action: QueueAction) => void }) {
  const { t } = useT('queue');
  const [tag, setTag] = useState('');
  const need = by.trim() === '';
  return (
    <form
      className="row-actions"
      aria-label={t('lookup.form', { ref: row.clientRef })}
      onSubmit={(e) => {
        e.preventDefault();
        if (tag && !need) onResolve({ action: 'lookup', ref: row.clientRef, tag, decidedBy: by.trim() });
      }}
    >
      <label className="field">
        {t('lookup.tag')}
        <input inputMode="numeric" value={tag} maxLength={20} onChange={(e) => setTag(digitsOnly(e.target.value))} />
      </label>
      <button type="submit" className="button" disabled={!tag || need}>
        {t('lookup.lookUp')}
      </button>
      {row.cardDataKept ? (
        <button type="button" className="button" disabled={need} onClick={() => onResolve({ action: 'not-processed', ref: row.clientRef, decidedBy: by.trim() })}>
          {t('lookup.notProcessed')}
        </button>
      ) : (
        <p className="muted">{t('lookup.noCardData')}</p>
      )}
      <button type="button" className="button" disabled={need} onClick={() => onResolve({ action: 'write-off', ref: row.clientRef, decidedBy: by.trim() })}>
        {t('lookup.writeOff')}
      </button>
    </form>
  );
}
