import type { AppStatus, DeviceState, GatewayState } from '../../../preload/contract';
import type { Connection } from '../api/pos';
import { useT } from '../i18n/i18n';

const GATEWAY_WORDS = {
  training: 'status.gateway.training',
  unknown: 'status.gateway.unknown',
  online: 'status.gateway.online',
  offline: 'status.gateway.offline',
} as const satisfies Record<GatewayState, string>;

const DEVICE_WORDS = {
  connected: 'status.device.connected',
  connecting: 'status.device.connecting',
  disconnected: 'status.device.disconnected',
  error: 'status.device.error',
  disabled: 'status.device.disabled',
} as const satisfies Record<DeviceState, string>;

const LINK_WORDS = {
  ipc: 'status.link.connected',
  open: 'status.link.connected',
  connecting: 'status.link.connecting',
  lost: 'status.link.lost',
  refused: 'status.link.refused',
} as const satisfies Record<Connection, string>;

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
  const { t } = useT('common');
  const unknown = known && !status ? t('status.unknown') : t('status.waiting');
  return (
    <footer className="status-bar" aria-label={t('status.label')}>
      <span className="status-item lane" data-testid="status-lane">
        {known?.terminal.name ?? ''}
      </span>
      <span className={`status-item ${status ? (status.mode === 'live' ? 'tone-ok' : 'tone-warn') : 'tone-neutral'}`} data-testid="status-mode">
        {t('status.mode', { mode: status ? t(status.mode === 'live' ? 'status.mode.live' : 'status.mode.training') : unknown })}
      </span>
      <span className={`status-item ${status ? gatewayTone(status) : 'tone-neutral'}`} data-testid="status-gateway">
        {t('status.gateway', { state: status ? t(GATEWAY_WORDS[status.gateway.state]) : unknown })}
        {status?.gateway.unencrypted ? t('status.gateway.unencrypted') : ''}
      </span>
      <span className="status-item" data-testid="status-devices">
        {t('status.devices')}{' '}
        {status === undefined
          ? unknown
          : status.devices.length === 0
            ? t('status.devices.none')
            : status.devices.map((d) => (
                <span key={d.id} className={`device ${tone(d.state === 'connected', d.state === 'connecting')}`}>
                  {t('status.device', { name: d.name, state: t(DEVICE_WORDS[d.state]) })}
                </span>
              ))}
      </span>
      <span className={`status-item ${status ? tone(status.queue.pending === 0 && status.queue.needsLookup === 0, true) : 'tone-neutral'}`} data-testid="status-queue">
        {t('status.queue', { count: status ? status.queue.pending : unknown })}
        {status && status.queue.needsLookup > 0 ? t('status.queue.lookup', { count: status.queue.needsLookup }) : ''}
      </span>
      {status && status.problems.length > 0 && (
        <span className={`status-item ${tone(false, status.problems.every((p) => p.severity === 'warning'))}`} data-testid="status-problems">
          {t('status.problems', { count: status.problems.length })}
        </span>
      )}
      <span className={`status-item link ${tone(connection === 'open' || connection === 'ipc', connection === 'connecting')}`} data-testid="status-link">
        {t(LINK_WORDS[connection])}
      </span>
      <span className="status-item version">{t('status.version', { version: status?.version ?? '…' })}</span>
    </footer>
  );
}
