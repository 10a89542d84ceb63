import { shownQueue, type AppStatus, type StatusProblem } from '../../../../preload/contract';
import { clockTime } from '../../components/clock-time';
import { useT } from '../../i18n/i18n';

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
            <strong>{t(p.severity === 'error' ? 'problems.error' : 'problems.warning')}</strong> {t(`problem.${p.code}`)} <span className="muted block problem-detail">{p.detail}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The terminal's health in full: what the status bar abbreviates, with what to do about it. */
export function StatusScreen({ status }: { status: AppStatus }) {
  const { t } = useT('status');
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
          <p className="big">{since ? t('gateway.offlineSince', { time: clockTime(since) }) : t(`gateway.${status.gateway.state}`)}</p>
          <p>{since ? t(status.mode === 'training' ? 'gateway.offlineSince.training' : 'gateway.offlineSince.text') : t(`gateway.${status.gateway.state}.text`)}</p>
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
                  {t('devices.line', { name: d.name, kind: t(`kind.${d.kind}`), state: t(`device.${d.state}`) })}
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
