import type { AppStatus } from '../../../preload/contract';
import { useT } from '../i18n/i18n';

/**
 * On every screen while the live gateway is offline or payments wait to be sent: the cashier and
 * the manager see it without looking for it. In training mode it counts the training queue.
 */
export function OfflineBanner({ status }: { status: AppStatus }) {
  const { t } = useT('common');
  // In training, the training lists too (training faults make the simulator show them); live ones always count.
  const training = status.mode === 'training';
  const pending = status.queue.pending + (training ? status.queue.training : 0);
  const needsLookup = status.queue.needsLookup + (training ? status.queue.trainingNeedsLookup : 0);
  const attention = status.queue.attention + (training ? status.queue.trainingAttention : 0);
  const offline = status.gateway.state === 'offline';
  if (!offline && pending === 0 && needsLookup === 0 && attention === 0) return null;
  const parts: string[] = [];
  if (offline) parts.push(t('offline.gateway'));
  if (pending > 0) parts.push(t('offline.pending', { count: pending }));
  if (needsLookup > 0) parts.push(t('offline.lookup', { count: needsLookup }));
  if (attention > 0) parts.push(t('offline.attention', { count: attention }));
  return (
    <div className={`offline-banner ${offline || needsLookup > 0 || attention > 0 ? 'tone-bad' : 'tone-warn'}`} role="status" data-testid="offline-banner">
      {parts.join(' ')}
    </div>
  );
}
