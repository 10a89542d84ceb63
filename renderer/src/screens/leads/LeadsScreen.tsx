import { useEffect, useState } from 'react';
import { leadsActions, startLeads, useLeadsStore } from '../../stores/leads-store';
import { ErrorNote, FreshnessNote } from '../catalogue/parts';
import { LeadForm } from './LeadForm';

/** Leads of a business consultant, new leads, and leads waiting to be sent. */
export function LeadsScreen() {
  const s = useLeadsStore();
  const [formOpen, setFormOpen] = useState(false);
  useEffect(() => startLeads(), []);

  return (
    <section className="screen leads-screen" aria-labelledby="leads-title">
      <div className="screen-head">
        <h1 id="leads-title">Leads</h1>
        <FreshnessNote freshness={s.freshness} label="leads" onRefresh={() => leadsActions.reload()} busy={s.loading} />
        <button type="button" className="button primary" onClick={() => setFormOpen(!formOpen)} aria-expanded={formOpen}>
          New lead
        </button>
      </div>
      {formOpen && (
        <section className="panel" aria-label="New lead">
          <LeadForm onDone={() => setFormOpen(false)} />
        </section>
      )}
      {s.outbox.length > 0 && (
        <section className="panel outbox" aria-labelledby="outbox-title">
          <h2 id="outbox-title">Waiting to be sent ({s.outbox.length})</h2>
          <p className="muted">Kept on this terminal because the marketplace could not be reached. They are sent again every minute, and now with the button.</p>
          <ul>
            {s.outbox.map((e) => (
              <li key={e.uid} className={e.state === 'rejected' ? 'tone-bad' : 'tone-warn'}>
                <strong>{e.company}</strong> ({e.contactName}) — {e.state === 'pending' ? 'not sent yet' : 'refused'}, {e.attempts} tr{e.attempts === 1 ? 'y' : 'ies'}. <span className="muted">{e.lastProblem}</span>
                {e.state === 'rejected' && (
                  <button type="button" className="button small" onClick={() => void leadsActions.discard(e.uid)}>
                    Discard
                  </button>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="button secondary" onClick={() => void leadsActions.retry()}>
            Send now
          </button>
        </section>
      )}
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          leadsActions.reload();
        }}
      >
        <label className="field" htmlFor="leads-consultant">
          <span>Business consultant</span>
          <input id="leads-consultant" value={s.consultant} onChange={(e) => leadsActions.consultant(e.target.value)} />
        </label>
        <button type="submit" className="button secondary">
          Show leads
        </button>
      </form>
      <ErrorNote text={s.error} />
      <table className="data-table" aria-label="Leads">
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Company</th>
            <th scope="col">Contact</th>
            <th scope="col">Status</th>
            <th scope="col">Type</th>
            <th scope="col">Lead id</th>
          </tr>
        </thead>
        <tbody>
          {s.leads.map((l) => (
            <tr key={`${l.identifier}-${l.uid}`}>
              <td>{l.createdDate ? new Date(l.createdDate).toLocaleDateString() : ''}</td>
              <td>{l.companyName}</td>
              <td>
                {l.contactName}
                <small className="muted block">{[l.phone, l.emailAddress].filter(Boolean).join(' · ')}</small>
              </td>
              <td>{l.status}</td>
              <td>{l.leadType}</td>
              <td>{l.identifier}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!s.loading && s.leads.length === 0 && !s.error && <p className="muted">No leads for this consultant.</p>}
    </section>
  );
}
