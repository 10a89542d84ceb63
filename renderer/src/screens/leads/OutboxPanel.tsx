import type { OutboxEntry } from '../../../../preload/contract';
import { dateTime } from '../../components/money';
import { ProblemNote } from '../../components/ProblemNote';
import { leadsActions, useLeadsStore } from '../../stores/leads-store';
import { EquipmentList } from './EquipmentList';
import { useLeadWords } from './lead-words';

function OutboxLine({ e }: { e: OutboxEntry }) {
  const { t } = useLeadWords();
  const kept = e.keptFor ? (e.keptFor.training ? t('outbox.keptTraining') : t('outbox.keptUrl', { url: e.keptFor.url })) : undefined;
  return (
    <li className={e.attention ? 'tone-bad' : 'tone-warn'} data-testid="outbox-entry">
      <strong>{e.company}</strong> {e.contactName && `(${e.contactName})`} — {e.state === 'rejected' ? t('outbox.rejected') : e.attention ? t('outbox.stuck') : t('outbox.pending')}, {t('outbox.tries', { count: e.attempts })},{' '}
      {t('outbox.since', { when: dateTime(e.queuedAt) })}
      {e.nextAttemptAt && !e.keptFor ? `, ${t('outbox.next', { when: dateTime(e.nextAttemptAt) })}` : ''}.
      {/* The lead system's reason for a refusal; a lead that only waits needs none (main's network words are for the log). */}
      {e.state === 'rejected' && e.lastProblem && <span className="muted block">{e.lastProblem}</span>}
      {kept && <span className="block">{kept}</span>}
      {e.equipment && e.equipment.length > 0 && <EquipmentList items={e.equipment} />}
      {(e.attention || e.keptFor) && (
        <button type="button" className="button small" aria-label={t('outbox.discardLabel', { company: e.company })} onClick={() => void leadsActions.discard(e.uid)}>
          {t('outbox.discard')}
        </button>
      )}
    </li>
  );
}

/** Leads kept on this terminal until the marketplace has them, whatever the settings say now. */
export function OutboxPanel() {
  const { outbox, sending, outboxProblem } = useLeadsStore();
  const w = useLeadWords();
  if (outbox.length === 0) return null;
  return (
    <section className="panel outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title">{w.t('outbox.title', { count: outbox.length })}</h2>
      <p className="muted">{w.t('outbox.text')}</p>
      <ul>
        {outbox.map((e) => (
          <OutboxLine key={e.uid} e={e} />
        ))}
      </ul>
      <ProblemNote text={w.problem(outboxProblem)} />
      <button type="button" className="button secondary" disabled={sending} onClick={() => void leadsActions.retry()}>
        {sending ? w.t('outbox.sending') : w.t('outbox.send')}
      </button>
    </section>
  );
}
