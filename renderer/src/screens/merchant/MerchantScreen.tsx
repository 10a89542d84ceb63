import { useEffect, useState, type FormEvent } from 'react';
import { LabelledField } from '../../components/LabelledField';
import { merchantActions, startMerchant, useMerchantStore } from '../../stores/merchant-store';
import { AccountPanel, ContactsPanel } from './AccountPanels';
import { HierarchyPanel } from './HierarchyPanel';
import { EntitlementsPanel, FeesPanel } from './LedgerPanels';
import { useMerchantWords } from './merchant-words';
import { SearchPanel } from './SearchPanel';

const TABS = {
  account: 'tab.account',
  contacts: 'tab.contacts',
  hierarchy: 'tab.hierarchy',
  entitlements: 'tab.entitlements',
  fees: 'tab.fees',
  search: 'tab.search',
} as const;
type Tab = keyof typeof TABS;
const TAB_IDS = Object.keys(TABS) as Tab[];

const ID_PROBLEMS = { required: 'id.required', digits: 'id.digits', tooLong: 'id.tooLong' } as const;

/** Which merchant: typed (checked before it is looked up), this store's, or the one shown again. */
function MerchantPicker() {
  const { merchantId, vocabulary, idProblem } = useMerchantStore();
  const { t } = useMerchantWords();
  // Typed text while editing; otherwise the merchant shown.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const idText = typed ?? (merchantId === undefined ? '' : String(merchantId));
  const show = (e: FormEvent): void => {
    e.preventDefault();
    if (merchantActions.showTyped(idText)) setTyped(undefined);
  };
  return (
    <form className="filters inline" onSubmit={show} noValidate>
      <LabelledField id="merchant-id" label={t('id.label')} problem={idProblem ? t(ID_PROBLEMS[idProblem]) : undefined}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            value={idText}
            onChange={(e) => {
              setTyped(e.target.value);
              merchantActions.clearIdProblem();
            }}
          />
        )}
      </LabelledField>
      <button type="submit" className="button secondary">
        {t('id.show')}
      </button>
      {vocabulary && vocabulary.homeMerchantId !== null && vocabulary.homeMerchantId !== merchantId && (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setTyped(undefined);
            merchantActions.show(vocabulary.homeMerchantId!);
          }}
        >
          {t('id.thisStore')}
        </button>
      )}
      <button type="button" className="button secondary" onClick={() => merchantActions.reload()} disabled={merchantId === undefined}>
        {t('id.refresh')}
      </button>
    </form>
  );
}

/** The merchant account as the merchant management system holds it; the last copy when offline. */
export function MerchantScreen() {
  const merchantId = useMerchantStore((s) => s.merchantId);
  const { t } = useMerchantWords();
  const [tab, setTab] = useState<Tab>('account');
  useEffect(() => startMerchant(), []);
  const shown = merchantId !== undefined;
  return (
    <section className="screen merchant-screen" aria-labelledby="merchant-title">
      <div className="screen-head">
        <h1 id="merchant-title">{t('title')}</h1>
        <MerchantPicker />
      </div>
      <div role="tablist" aria-label={t('tabs.label')} className="tabs">
        {TAB_IDS.map((id) => (
          <button key={id} role="tab" type="button" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} className="tab" onClick={() => setTab(id)}>
            {t(TABS[id])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {!shown && tab !== 'search' && <p className="muted">{t('none')}</p>}
        {shown && tab === 'account' && <AccountPanel />}
        {shown && tab === 'contacts' && <ContactsPanel />}
        {shown && tab === 'hierarchy' && <HierarchyPanel onAccount={() => setTab('account')} />}
        {shown && tab === 'entitlements' && <EntitlementsPanel />}
        {shown && tab === 'fees' && <FeesPanel />}
        {tab === 'search' && (
          <SearchPanel
            onPick={(id) => {
              merchantActions.show(id);
              setTab('account');
            }}
          />
        )}
      </div>
    </section>
  );
}
