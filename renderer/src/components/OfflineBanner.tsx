import type { AppStatus } from '../../../preload/contract';
import { useT } from '../i18n/i18n';
import { clockTime } from './clock-time';
import { offlineState } from './offline-state';

/**
 * On every screen while the gateway does not answer or payments wait to be sent: the cashier and
 * the manager see it without looking for it. It counts what the status bar and the Offline queue
 * count (the mode shown); on one line, the whole text in its title when the line is too short.
 */
export function OfflineBanner({ status }: { status: AppStatus }) {
  const { t } = useT('common');
  const { offline, since, queue } = offlineState(status);
  if (!offline && queue.pending === 0 && queue.needsLookup === 0 && queue.attention === 0) return null;
  const parts: string[] = [];
  if (offline) parts.push(since ? t('offline.gatewaySince', { time: clockTime(since) }) : t('offline.gateway'));
  if (queue.pending > 0) parts.push(t('offline.pending', { count: queue.pending }));
  if (queue.needsLookup > 0) parts.push(t('offline.lookup', { count: queue.needsLookup }));
  if (queue.attention > 0) parts.push(t('offline.attention', { count: queue.attention }));
  const text = parts.join(' ');
  return (
    <div className={`offline-banner ${offline || queue.needsLookup > 0 || queue.attention > 0 ? 'tone-bad' : 'tone-warn'}`} role="status" title={text} data-testid="offline-banner">
      {text}
    </div>
  );
}
