import type { QueueStatus } from '../../../../preload/contract';
import { dateTime, money } from '../../components/money';
import { useT } from '../../i18n/i18n';
import { ageOf } from './words';

/** Three cards: what waits against the store's limits, the forwarder, and what waits for the manager. */
export function QueueSummary({ status, now }: { status: QueueStatus; now: number }) {
  const { t } = useT('queue');
  const q = status.mode === 'training' ? status.training : status.live;
  const l = status.limits;
  const forwarding = status.paused ? 'forwarding.paused' : status.forwarding ? 'forwarding.sending' : q.count > 0 ? 'forwarding.waiting' : 'forwarding.idle';
  const oldest = q.oldestAt ? ageOf(q.oldestAt, now) : undefined;
  return (
    <div className="cards">
      <article className="card" data-testid="queue-waiting">
        <h2>{t('waiting.title')}</h2>
        <p className="big">{q.count}</p>
        <p>
          {t('waiting.total', { total: money(q.totalCents), maxTotal: money(l.maxTotalCents) })} {t('waiting.each', { count: l.maxCount, maxAmount: money(l.maxAmountCents) })}
        </p>
        {!l.enabled && <p className="muted">{t('waiting.off')}</p>}
        {oldest && <p>{t('waiting.oldest', { age: t(oldest.key, { count: oldest.count }), hours: l.maxAgeHours })}</p>}
        {q.expired > 0 && <p className="error-note">{t('waiting.expired', { count: q.expired })}</p>}
      </article>
      <article className="card" data-testid="queue-forwarding">
        <h2>{t('forwarding.title')}</h2>
        <p className="big">{t(forwarding)}</p>
        {status.nextAttemptAt && q.count > 0 && <p>{t('forwarding.next', { when: dateTime(status.nextAttemptAt) })}</p>}
        {/* The gateway's or the forwarder's own words, as main wrote them. */}
        {status.lastError && <p className="muted">{t('forwarding.last', { error: status.lastError })}</p>}
      </article>
      <article className="card" data-testid="queue-manager">
        <h2>{t('manager.title')}</h2>
        <p className="big">{q.needsLookup + q.attention}</p>
        <p>
          {t('manager.lookup', { count: q.needsLookup })} {t('manager.attention', { count: q.attention })}
        </p>
      </article>
    </div>
  );
}
