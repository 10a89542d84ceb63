import type { AppStatus, DeviceState, GatewayState } from '../../../preload/contract';
import type { Connection } from '../api/pos';

const GATEWAY_WORDS: Record<GatewayState, string> = {
  training: 'Simulated',
  unknown: 'Not contacted yet',
  online: 'Online',
  offline: 'Offline',
};

const DEVICE_WORDS: Record<DeviceState, string> = {
  connected: 'ready',
  connecting: 'connecting',
  disconnected: 'unplugged',
  error: 'fault',
  disabled: 'off',
};

/** Tone classes carry meaning in text too, never in colour alone. */
function tone(ok: boolean, warn = false): string {
  return ok ? 'tone-ok' : warn ? 'tone-warn' : 'tone-bad';
}

function gatewayTone(status: AppStatus): string {
  if (status.gateway.unencrypted || status.gateway.state === 'training') return 'tone-warn';
  // Nothing sent yet is neither good nor bad news.
  if (status.gateway.state === 'unknown') return 'tone-neutral';
  return tone(status.gateway.state === 'online');
}

export function StatusBar({ status: known, connection }: { status: AppStatus | undefined; connection: Connection }) {
  // Without the connection, what the bar last heard may be stale: it says unknown rather than green.
  const status = connection === 'open' || connection === 'ipc' ? known : undefined;
  const unknown = known && !status ? 'unknown' : '…';
  return (
    <footer className="status-bar" aria-label="Terminal status">
      <span className="status-item lane" data-testid="status-lane">
        {known?.terminal.name ?? ''}
      </span>
      <span className={`status-item ${status ? (status.mode === 'live' ? 'tone-ok' : 'tone-warn') : 'tone-neutral'}`} data-testid="status-mode">
        Mode: {status ? status.mode.toUpperCase() : unknown}
      </span>
      <span className={`status-item ${status ? gatewayTone(status) : 'tone-neutral'}`} data-testid="status-gateway">
        Gateway: {status ? GATEWAY_WORDS[status.gateway.state] : unknown}
        {status?.gateway.unencrypted ? ' (unencrypted)' : ''}
      </span>
      <span className="status-item" data-testid="status-devices">
        Devices:{' '}
        {status === undefined
          ? unknown
          : status.devices.length === 0
            ? 'none configured'
            : status.devices.map((d) => (
                <span key={d.id} className={`device ${tone(d.state === 'connected', d.state === 'connecting')}`}>
                  {d.name} {DEVICE_WORDS[d.state]}
                </span>
              ))}
      </span>
      <span className={`status-item ${status ? tone(status.queue.pending === 0 && status.queue.needsLookup === 0, true) : 'tone-neutral'}`} data-testid="status-queue">
        Offline queue: {status ? status.queue.pending : unknown}
        {status && status.queue.needsLookup > 0 ? `, ${status.queue.needsLookup} to look up` : ''}
      </span>
      {status && status.problems.length > 0 && (
        <span className={`status-item ${tone(false, status.problems.every((p) => p.severity === 'warning'))}`} data-testid="status-problems">
          {status.problems.length === 1 ? '1 problem' : `${status.problems.length} problems`}: see Status
        </span>
      )}
      <span className={`status-item link ${tone(connection === 'open' || connection === 'ipc', connection === 'connecting')}`} data-testid="status-link">
        {connection === 'ipc' || connection === 'open' ? 'Connected' : connection === 'connecting' ? 'Connecting…' : connection === 'lost' ? 'Reconnecting…' : 'Refused'}
      </span>
      <span className="status-item version">v{status?.version ?? '…'}</span>
    </footer>
  );
}
