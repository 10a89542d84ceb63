import { useEffect, useId, useState } from 'react';
import { problemWords } from '../../components/problem';
import { ProblemNote } from '../../components/ProblemNote';
import { useT } from '../../i18n/i18n';
import { useQueueStore, type QueueNote } from '../../stores/queue-store';
import { LookupActions, QueueRows } from './QueueRows';
import { QueueSummary } from './QueueSummary';

/** What the last action came to, said from its data (main's own words only where it has no code: why forwarding stopped). */
function NoteLine({ note }: { note: QueueNote }) {
  const { t } = useT('queue');
  const { t: common } = useT('common');
  if (note.kind === 'decided') {
    const ref = note.row.clientRef;
    return <p role="status">{note.action === 'lookup' ? t('decided.lookup', { ref, state: common(`payment.state.${note.row.state}`) }) : t(`decided.${note.action}`, { ref })}</p>;
  }
  const r = note.result;
  // Every payment tried is counted once: those the gateway did not take went back to the queue.
  const waiting = Math.max(0, r.attempted - r.approved - r.declined - r.needsLookup - r.failed);
  const sent = r.attempted === 0 ? t('forwarded.nothing') : t('forwarded.sent', { count: r.attempted, approved: r.approved, declined: r.declined, lookup: r.needsLookup, failed: r.failed, waiting });
  return (
    <p role="status">
      {sent}
      {r.stoppedBecause ? ` ${t('forwarded.stopped', { why: r.stoppedBecause })}` : ''}
    </p>
  );
}

/** The time, renewed every minute, so the ages on screen keep counting while it stays open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The offline queue: what waits against the store's limits, forward now and pause, and the
 * manager's lists (outcome unknown, declined after sending) with their decisions.
 */
export function QueueScreen() {
  const { t } = useT('queue');
  const q = useQueueStore();
  const [by, setBy] = useState('');
  const byHint = useId();
  useEffect(() => q.load(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const now = Math.max(useMinuteClock(), q.loadedAt);
  const need = by.trim() === '';
  // Until a name is typed the decisions stay disabled: say why, next to the field.
  const hint = need && q.lists['needs-lookup'].length + q.lists.attention.length > 0;
  return (
    <section className="screen queue-screen" aria-labelledby="queue-title">
      <div className="screen-head">
        <h1 id="queue-title">{t('title')}</h1>
        <button type="button" className="button primary" disabled={q.busy} onClick={q.forward}>
          {t('forward')}
        </button>
        {q.status && (
          <button type="button" className="button" onClick={() => q.pause(!q.status?.paused)}>
            {q.status.paused ? t('resume') : t('pause')}
          </button>
        )}
      </div>
      <ProblemNote text={problemWords(q.problem)} />
      {q.note && <NoteLine note={q.note} />}
      {q.status && <QueueSummary status={q.status} now={now} />}
      <div className="panel">
        <h2>{t('offline.title')}</h2>
        <QueueRows label={t('offline.title')} rows={q.lists.offline} empty={t('offline.empty')} now={now} maxAgeHours={q.status?.limits.maxAgeHours} />
      </div>
      <div className="panel">
        <h2>{t('lookup.title')}</h2>
        <label className="field decided-by">
          {t('decidedBy')}
          <input value={by} maxLength={40} aria-describedby={hint ? byHint : undefined} onChange={(e) => setBy(e.target.value)} />
        </label>
        {hint && (
          <p id={byHint} className="muted">
            {t('decidedBy.needed')}
          </p>
        )}
        <QueueRows label={t('lookup.title')} rows={q.lists['needs-lookup']} empty={t('lookup.empty')} now={now} actions={(r) => <LookupActions row={r} by={by} onResolve={q.resolve} />} />
      </div>
      <div className="panel">
        <h2>{t('attention.title')}</h2>
        <QueueRows
          label={t('attention.title')}
          rows={q.lists.attention}
          empty={t('attention.empty')}
          now={now}
          actions={(r) => (
            <div className="row-actions">
              <button type="button" className="button" disabled={need} onClick={() => q.resolve({ action: 'acknowledge', ref: r.clientRef, decidedBy: by.trim() })}>
                {t('attention.contacted')}
              </button>
            </div>
          )}
        />
      </div>
    </section>
  );
}
