import type { AppStatus } from '../../../preload/contract';

/**
 * On every screen while the live gateway is offline or payments wait to be sent: the cashier and
 * the manager see it without looking for it. In training mode it counts the training queue.
 */
export function OfflineBanner({ status }: { status: AppStatus }) {
  // In training, the training lists too (training faults make the simulator show them); live ones always count.
  const training = status.mode === 'training';
  const pending = status.queue.pending + (training ? status.queue.training : 0);
  const needsLookup = status.queue.needsLookup + (training ? status.queue.trainingNeedsLookup : 0);
  const attention = status.queue.attention + (training ? status.queue.trainingAttention : 0);
  const offline = status.gateway.state === 'offline';
  if (!offline && pending === 0 && needsLookup === 0 && attention === 0) return null;
  const parts: string[] = [];
  if (offline) parts.push('The gateway cannot be reached: card payments are stored offline where the store allows it.');
  if (pending > 0) parts.push(`${pending} payment${pending === 1 ? '' : 's'} stored offline, to be sent when the gateway answers.`);
  if (needsLookup > 0) parts.push(`${needsLookup} payment${needsLookup === 1 ? '' : 's'} with an unknown outcome: a manager must look ${needsLookup === 1 ? 'it' : 'them'} up.`);
  if (attention > 0) parts.push(`${attention} stored payment${attention === 1 ? ' was' : 's were'} declined after sending: contact the customer.`);
  return (
    <div className={`offline-banner ${offline || needsLookup > 0 || attention > 0 ? 'tone-bad' : 'tone-warn'}`} role="status" data-testid="offline-banner">
      {parts.join(' ')}
    </div>
  );
}
