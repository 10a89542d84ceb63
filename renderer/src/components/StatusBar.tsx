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

export function StatusBar({ status, connection }: { status: AppStatus | undefined; connection: Connection }) {
  return (
    <footer className="status-bar" aria-label="Terminal status">
      <span className={`status-item ${status?.mode === 'live' ? 'tone-ok' : 'tone-warn'}`} data-testid="status-mode">
        Mode: {status ? status.mode.toUpperCase() : '…'}
      </span>
      <span className={`status-item ${tone(status?.gateway.state !== 'offline' && !status?.gateway.unencrypted, status?.gateway.state === 'training' || status?.gateway.unencrypted)}`} data-testid="status-gateway">
        Gateway: {status ? GATEWAY_WORDS[status.gateway.state] : '…'}
        {status?.gateway.unencrypted ? ' (unencrypted)' : ''}
      </span>
      <span className="status-item" data-testid="status-devices">
        Devices:{' '}
        {status === undefined
          ? '…'
          : status.devices.length === 0
            ? 'none configured'
            : status.devices.map((d) => (
                <span key={d.id} className={`device ${tone(d.state === 'connected', d.state === 'connecting')}`}>
                  {d.name} {DEVICE_WORDS[d.state]}
                </span>
              ))}
      </span>
      <span className={`status-item ${tone((status?.queue.pending ?? 0) === 0, true)}`} data-testid="status-queue">
        Offline queue: {status ? status.queue.pending : '…'}
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
