import type { AppStatus, GatewayState, StatusProblem } from '../../../../preload/contract';

const GATEWAY_EXPLAINED: Record<GatewayState, string> = {
  training: 'Requests go to the simulated gateway built into this terminal.',
  unknown: 'A live gateway is configured; nothing has been sent to it yet.',
  online: 'The last exchange with the live gateway succeeded.',
  offline: 'The live gateway could not be reached at the last attempt.',
};

/** What is wrong with the terminal itself (its key, its log, its settings), each with what to do. */
function Problems({ problems }: { problems: StatusProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <article className={`card problems ${problems.some((p) => p.severity === 'error') ? 'tone-bad' : 'tone-warn'}`} data-testid="status-problem-list" role="region" aria-label="Problems">
      <h2>Problems</h2>
      <ul>
        {problems.map((p) => (
          <li key={`${p.code}:${p.message}`} className={p.severity === 'error' ? 'tone-bad' : 'tone-warn'}>
            <strong>{p.severity === 'error' ? 'Problem' : 'Warning'}:</strong> {p.message}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The terminal's health in full: what the status bar abbreviates, with what to do about it. */
export function StatusScreen({ status }: { status: AppStatus }) {
  return (
    <section className="screen status-screen" aria-labelledby="status-title">
      <h1 id="status-title">{status.terminal.name}</h1>
      <Problems problems={status.problems} />
      <div className="cards">
        <article className="card">
          <h2>Mode</h2>
          <p className="big">{status.mode === 'training' ? 'Training' : 'Live'}</p>
          <p>
            {status.mode === 'training'
              ? 'No usable live gateway credentials: everything works against built-in simulators; training payments are stored apart and never forwarded.'
              : 'Payments go to the live gateway.'}
          </p>
        </article>
        <article className="card">
          <h2>Gateway</h2>
          <p className="big">{status.gateway.state}</p>
          <p>{GATEWAY_EXPLAINED[status.gateway.state]}</p>
          {status.gateway.unencrypted && <p>Unencrypted: the gateway address is plain http on this computer (a local test gateway or a TLS proxy).</p>}
        </article>
        <article className="card">
          <h2>Devices</h2>
          {status.devices.length === 0 ? (
            <p>No card, check or PIN pad devices are configured on this lane.</p>
          ) : (
            <ul>
              {status.devices.map((d) => (
                <li key={d.id}>
                  {d.name} ({d.kind}): {d.state}
                  {d.detail ? `, ${d.detail}` : ''}
                </li>
              ))}
            </ul>
          )}
        </article>
        <article className="card">
          <h2>Offline queue</h2>
          <p className="big">{status.queue.pending}</p>
          <p>{status.queue.pending === 0 ? 'Nothing waiting to be forwarded.' : 'Payments approved offline, waiting to be forwarded to the gateway.'}</p>
        </article>
      </div>
    </section>
  );
}
