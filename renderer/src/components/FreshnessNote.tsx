import type { Freshness } from '../../../preload/contract';
import { useT } from '../i18n/i18n';
import { timeAgo } from './local-format';
import { dateTime } from './money';

/**
 * Where the data on screen comes from: a copy kept offline (the service cannot be reached) or
 * when it was last refreshed. Said in words and by a tone class, never by colour alone.
 * `what` names the data ("Account"), `service` the service in a sentence ("the merchant service").
 */
export function FreshnessNote({ freshness, testId, what, service, onRefresh, busy }: {
  freshness: Freshness | undefined;
  testId: string;
  what: string;
  service: string;
  onRefresh?: () => void;
  busy?: boolean;
}) {
  const { t } = useT('common');
  if (!freshness) return null;
  const at = freshness.refreshedAt;
  const text = freshness.offline
    ? at
      ? t('freshness.offline', { service, ago: timeAgo(at), when: dateTime(at) })
      : t('freshness.offlineNever', { service })
    : at
      ? t('freshness.refreshed', { ago: timeAgo(at), when: dateTime(at) })
      : t('freshness.never');
  return (
    <div className={`freshness ${freshness.offline ? 'tone-bad' : 'tone-ok'}`} role="status" aria-label={t('freshness.label', { what })} data-testid={`freshness-${testId}`}>
      <span>{text}</span>
      {freshness.training && <span className="tag">{t('freshness.training')}</span>}
      {onRefresh && (
        <button type="button" className="button secondary" onClick={onRefresh} disabled={busy}>
          {busy ? t('freshness.refreshing') : t('freshness.refresh')}
        </button>
      )}
    </div>
  );
}
