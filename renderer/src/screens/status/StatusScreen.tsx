import { shownQueue, type AppStatus, type DeviceKind, type DeviceState, type GatewayState, type ProblemCode, type StatusProblem } from '../../../../preload/contract';
import { clockTime } from '../../components/clock-time';
import { useT } from '../../i18n/i18n';

const GATEWAY = {
  training: { words: 'gateway.training', text: 'gateway.training.text' },
  unknown: { words: 'gateway.unknown', text: 'gateway.unknown.text' },
  online: { words: 'gateway.online', text: 'gateway.online.text' },
  offline: { words: 'gateway.offline', text: 'gateway.offline.text' },
} as const satisfies Record<GatewayState, { words: string; text: string }>;

/** What each problem is, in the screen's words; main's detail follows (the particulars and what to do, not the same sentence again). */
const PROBLEM = {
  'key-file-only': 'problem.key-file-only',
  'key-locked': 'problem.key-locked',
  'key-lost': 'problem.key-lost',
  'log-unwritable': 'problem.log-unwritable',
  'gateway-unencrypted': 'problem.gateway-unencrypted',
  'gateway-route-refused': 'problem.gateway-route-refused',
  'setting-refused': 'problem.setting-refused',
  'cannot-start': 'problem.cannot-start',
  'provisioning-secrets-left': 'problem.provisioning-secrets-left',
} as const satisfies Record<ProblemCode, string>;

const KIND = { msr: 'kind.msr', micr: 'kind.micr', pinpad: 'kind.pinpad', printer: 'kind.printer' } as const satisfies Record<DeviceKind, string>;

const DEVICE = {
  connected: 'device.connected',
  connecting: 'device.connecting',
  disconnected: 'device.disconnected',
  error: 'device.error',
  disabled: 'device.disabled',
} as const satisfies Record<DeviceState, string>;

const toneOf = (p: StatusProblem): string => (p.severity === 'error' ? 'tone-bad' : 'tone-warn');

/** What is wrong with the terminal itself (its key, its log, its settings), each with what to do. */
function Problems({ problems }: { problems: StatusProblem[] }) {
  const { t } = useT('status');
  if (problems.length === 0) return null;
  return (
    <article className={`card problems ${problems.some((p) => p.severity === 'error') ? 'tone-bad' : 'tone-warn'}`} data-testid="status-problem-list" role="region" aria-label={t('problems.title')}>
      <h2>{t('problems.title')}</h2>
      <ul>
        {problems.map((p) => (
          <li key={`${p.code}:${p.message}`} className={toneOf(p)} data-severity={p.severity}>
            <strong>{t(p.severity === 'error' ? 'problems.error' : 'problems.warning')}</strong> {t(PROBLEM[p.code])} <span className="muted block problem-detail">{p.detail}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The terminal's health in full: what the status bar abbreviates, with what to do about it. */
export function StatusScreen({ status }: { status: AppStatus }) {
  const { t } = useT('status');
  const gateway = GATEWAY[status.gateway.state];
  const since = status.gateway.offlineSince;
  const queue = shownQueue(status);
  // Live payments left waiting while the terminal shows training: not on the Offline queue screen, not lost either.
  const liveWaiting = status.mode === 'training' ? status.queue.pending : 0;
  return (
    <section className="screen status-screen" aria-labelledby="status-title">
      <h1 id="status-title">{status.terminal.name}</h1>
      <Problems problems={status.problems} />
      <div className="cards">
        <article className="card" data-testid="status-mode-card">
          <h2>{t('mode.title')}</h2>
          <p className="big">{t(status.mode === 'training' ? 'mode.training' : 'mode.live')}</p>
          <p>{t(status.mode === 'training' ? 'mode.training.text' : 'mode.live.text')}</p>
        </article>
        <article className="card" data-testid="status-gateway-card">
          <h2>{t('gateway.title')}</h2>
          <p className="big">{since ? t('gateway.offlineSince', { time: clockTime(since) }) : t(gateway.words)}</p>
          <p>{since ? t(status.mode === 'training' ? 'gateway.offlineSince.training' : 'gateway.offlineSince.text') : t(gateway.text)}</p>
          {status.gateway.unencrypted && <p>{t('gateway.unencrypted')}</p>}
        </article>
        <article className="card" data-testid="status-devices-card">
          <h2>{t('devices.title')}</h2>
          {status.devices.length === 0 ? (
            <p>{t('devices.none')}</p>
          ) : (
            <ul>
              {status.devices.map((d) => (
                <li key={d.id}>
                  {t('devices.line', { name: d.name, kind: t(KIND[d.kind]), state: t(DEVICE[d.state]) })}
                  {/* A technician's detail from main ("permission denied on /dev/ttyUSB0"), as it came. */}
                  {d.detail ? `, ${d.detail}` : ''}
                </li>
              ))}
            </ul>
          )}
        </article>
        <article className="card" data-testid="status-queue-card">
          <h2>{t('queue.title')}</h2>
          <p className="big">{queue.pending}</p>
          <p>{t(queue.pending === 0 ? 'queue.none' : 'queue.some')}</p>
          {queue.needsLookup + queue.attention > 0 && <p>{t('queue.decide', { count: queue.needsLookup + queue.attention })}</p>}
          {liveWaiting > 0 && <p>{t('queue.liveWaiting', { count: liveWaiting })}</p>}
        </article>
      </div>
    </section>
  );
}
