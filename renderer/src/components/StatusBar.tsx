import type { ReactNode } from 'react';
import type { AppStatus, StatusProblem } from '../../../preload/contract';
import type { Connection } from '../api/pos';
import { useT } from '../i18n/i18n';
import { useManagerStore } from '../stores/manager-store';
import { clockTime } from './clock-time';
import { offlineState } from './offline-state';

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
  if (offlineState(status).offline) return 'tone-bad';
  if (status.gateway.unencrypted || status.gateway.state === 'training') return 'tone-warn';
  // Nothing sent yet is neither good nor bad news.
  if (status.gateway.state === 'unknown') return 'tone-neutral';
  return 'tone-ok';
}

/**
 * One item of the bar, on one line: on a short bar its label gives way (visually hidden, still read
 * aloud) or shows its `short` form instead, and its value ends in an ellipsis; the whole text stays
 * in its title.
 */
function Item({ testId, className, label, short, text, children }: { testId?: string; className: string; label?: string; short?: string; text: string; children?: ReactNode }) {
  return (
    <span className={`status-item ${className}`} data-testid={testId} title={label ? `${label} ${text}` : text}>
      {label && (
        <span className="status-label" data-short={short}>
          <span className="status-label-long">{label}</span>{' '}
        </span>
      )}
      {children ?? text}
    </span>
  );
}

/**
 * The problems this person can act on: a cashier sees the ones that change what the counter can do;
 * a manager or technician session (the badge in the header) sees them all. Status lists every one.
 */
function useShownProblems(status: AppStatus | undefined): StatusProblem[] {
  const role = useManagerStore((m) => m.status?.role);
  const raised = role === 'manager' || role === 'technician';
  return status ? status.problems.filter((p) => raised || p.audience === 'cashier') : [];
}

export function StatusBar({ status: known, connection }: { status: AppStatus | undefined; connection: Connection }) {
  // Without the connection, what the bar last heard may be stale: it says unknown rather than green.
  const status = connection === 'open' || connection === 'ipc' ? known : undefined;
  const { t } = useT('common');
  const problems = useShownProblems(status);
  const unknown = known && !status ? t('status.unknown') : t('status.waiting');
  const offline = status && offlineState(status);
  const gateway = !status ? unknown : offline?.since ? t('status.gateway.offlineSince', { time: clockTime(offline.since) }) : t(`status.gateway.${status.gateway.state}`);
  const queue = offline?.queue;
  const devices = status?.devices.map((d) => t('status.device', { name: d.name, state: t(`status.device.${d.state}`) }));
  const version = t('status.version', { version: status?.version ?? '…' });
  return (
    <footer className="status-bar" aria-label={t('status.label')}>
      <Item testId="status-lane" className="lane" text={known?.terminal.name ?? ''} />
      <Item
        testId="status-mode"
        className={`mode ${status ? (status.mode === 'live' ? 'live tone-ok' : 'training tone-warn') : 'tone-neutral'}`}
        label={t('status.mode')}
        text={status ? t(status.mode === 'live' ? 'status.mode.live' : 'status.mode.training') : unknown}
      />
      <Item
        testId="status-gateway"
        className={`gateway ${status ? gatewayTone(status) : 'tone-neutral'}`}
        label={t('status.gateway')}
        text={`${gateway}${status?.gateway.unencrypted ? t('status.gateway.unencrypted') : ''}`}
      />
      <Item testId="status-devices" className="devices" label={t('status.devices')} text={devices === undefined ? unknown : devices.length === 0 ? t('status.devices.none') : devices.join(', ')}>
        {status === undefined
          ? unknown
          : status.devices.length === 0
            ? t('status.devices.none')
            : status.devices.map((d, i) => (
                <span key={d.id} className={`device ${tone(d.state === 'connected', d.state === 'connecting')}`}>
                  {devices?.[i]}
                </span>
              ))}
      </Item>
      <Item
        testId="status-queue"
        className={`queue ${queue ? tone(queue.pending === 0 && queue.needsLookup === 0 && queue.attention === 0, true) : 'tone-neutral'}`}
        label={t('status.queue')}
        short={t('status.queue.short')}
        text={
          queue
            ? `${queue.pending}${queue.needsLookup > 0 ? t('status.queue.lookup', { count: queue.needsLookup }) : ''}${queue.attention > 0 ? t('status.queue.attention', { count: queue.attention }) : ''}`
            : unknown
        }
      />
      {problems.length > 0 && (
        <Item testId="status-problems" className={`problem-count ${tone(false, problems.every((p) => p.severity === 'warning'))}`} text={t('status.problems', { count: problems.length })} />
      )}
      <Item testId="status-link" className={`link ${tone(connection === 'open' || connection === 'ipc', connection === 'connecting')}`} text={t(LINK_WORDS[connection])} />
      <Item className="version" text={version} />
    </footer>
  );
}
