import { useEffect, useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { FreshnessNote } from '../../components/FreshnessNote';
import { LabelledField } from '../../components/LabelledField';
import { dateTime } from '../../components/money';
import { ProblemNote } from '../../components/ProblemNote';
import { leadsActions, startLeads, useLeadsStore } from '../../stores/leads-store';
import { EquipmentList } from './EquipmentList';
import { LeadForm } from './LeadForm';
import { useLeadWords } from './lead-words';
import { OutboxPanel } from './OutboxPanel';

function LeadsTable() {
  const { leads, loading, loaded, problem } = useLeadsStore();
  const w = useLeadWords();
  const t = w.t;
  if (!loaded) {
    return (
      <p className="loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (leads.length === 0) return !loading && !problem ? <p className="muted">{t('none')}</p> : null;
  return (
    <DataTable
      label={t('table.label')}
      rows={leads}
      rowKey={(l) => `${l.identifier}-${l.uid}`}
      columns={[
        { id: 'created', header: t('col.created'), cell: (l) => (l.createdDate && !Number.isNaN(Date.parse(l.createdDate)) ? dateTime(l.createdDate) : l.createdDate) },
        { id: 'company', header: t('col.company'), cell: (l) => l.companyName },
        {
          id: 'contact',
          header: t('col.contact'),
          cell: (l) => (
            <>
              {l.contactName}
              <small className="muted block">{[l.phone, l.emailAddress].filter(Boolean).join(' · ')}</small>
            </>
          ),
        },
        { id: 'status', header: t('col.status'), cell: (l) => l.status },
        { id: 'type', header: t('col.type'), cell: (l) => w.leadType(l.leadType) },
        { id: 'id', header: t('col.id'), cell: (l) => l.identifier },
        { id: 'equipment', header: t('col.equipment'), cell: (l) => (l.equipment && l.equipment.length > 0 ? <EquipmentList items={l.equipment} /> : <span className="muted">{t('equipment.none')}</span>) },
      ]}
    />
  );
}

/** Leads of a business consultant, new leads, and leads waiting to be sent. */
export function LeadsScreen() {
  const { consultant, freshness, loading, problem } = useLeadsStore();
  const w = useLeadWords();
  const t = w.t;
  const [formOpen, setFormOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => startLeads(), []);

  return (
    <section className="screen leads-screen" aria-labelledby="leads-title">
      <div className="screen-head">
        <h1 id="leads-title">{t('title')}</h1>
        <FreshnessNote freshness={freshness} testId="leads" what={t('what')} service={t('service')} onRefresh={() => leadsActions.reload()} busy={loading} />
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setFormOpen(true);
            setFocusRequest((n) => n + 1);
          }}
          aria-expanded={formOpen}
        >
          {t('newLead')}
        </button>
      </div>
      {formOpen && (
        <section className="panel" aria-label={t('newLead')}>
          <LeadForm onDone={() => setFormOpen(false)} focusRequest={focusRequest} />
        </section>
      )}
      <OutboxPanel />
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          leadsActions.reload();
        }}
      >
        <LabelledField id="leads-consultant" label={t('consultant')}>
          {(control) => <input {...control} value={consultant} onChange={(e) => leadsActions.consultant(e.target.value)} />}
        </LabelledField>
        <button type="submit" className="button secondary">
          {t('showLeads')}
        </button>
      </form>
      <ProblemNote text={w.problem(problem)} />
      <LeadsTable />
    </section>
  );
}
