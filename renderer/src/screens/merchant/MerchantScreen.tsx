import { useEffect, useState, type FormEvent } from 'react';
import type { MerchantSearchInput } from '../../../../preload/contract';
import { merchantActions, startMerchant, useMerchantStore, type Section } from '../../stores/merchant-store';
import { ErrorNote, FreshnessNote } from '../catalogue/parts';
import { VirtualList } from '../catalogue/VirtualList';
import { feeAmount } from '../../components/fee-amount';

const TABS = [
  ['account', 'Account'],
  ['contacts', 'Contacts'],
  ['hierarchy', 'Hierarchy'],
  ['entitlements', 'Entitlements'],
  ['fees', 'Fees'],
  ['search', 'Search'],
] as const;
type Tab = (typeof TABS)[number][0];

function SectionState<T>({ section, label }: { section: Section<T>; label: string }) {
  return (
    <>
      {section.loading && !section.data && <p className="loading">Loading…</p>}
      <ErrorNote text={section.error} />
      <FreshnessNote freshness={section.freshness} label={label} />
    </>
  );
}

function Account() {
  const account = useMerchantStore((s) => s.account);
  const m = account.data;
  return (
    <div>
      <SectionState section={account} label="account" />
      {m && (
        <>
          <h2 data-testid="merchant-name">{m.tradeName}</h2>
          <p className="muted">
            Legal name {m.legalName} · merchantId {m.merchantId} · MID {m.mid}
          </p>
          <dl className="fields">
            {m.fields.map((f) => (
              <div key={f.key}>
                <dt>{f.label}</dt>
                <dd>
                  {f.value}
                  {f.meaning && <span className="muted"> — {f.meaning}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}

function Contacts() {
  const contacts = useMerchantStore((s) => s.contacts);
  return (
    <div>
      <SectionState section={contacts} label="contacts" />
      <div className="cards">
        {contacts.data?.map((c) => (
          <article key={c.contactId} className="card">
            <h2>{c.contactType.label}</h2>
            <p>
              {[c.name, c.addressLine1, c.addressLine2, [c.city, c.state, c.postalCode].filter(Boolean).join(' '), c.country].filter(Boolean).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
            <p className="muted">{[c.phoneNumber, c.emailAddress].filter(Boolean).join(' · ')}</p>
          </article>
        ))}
      </div>
      {contacts.data?.length === 0 && <p className="muted">No contacts on record.</p>}
    </div>
  );
}

function Hierarchy() {
  const { hierarchy, vocabulary, level, date } = useMerchantStore();
  const [lvl, setLvl] = useState(level);
  const [day, setDay] = useState(date);
  return (
    <div>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          merchantActions.hierarchy(lvl, day);
        }}
      >
        <label className="field" htmlFor="hierarchy-level">
          <span>Level</span>
          <select id="hierarchy-level" value={lvl} onChange={(e) => setLvl(e.target.value)}>
            {(vocabulary?.hierarchyLevels ?? []).map((l) => (
              <option key={l.code} value={l.code}>
                {l.code} {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor="hierarchy-date">
          <span>As on (optional)</span>
          <input id="hierarchy-date" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <button type="submit" className="button secondary">
          Show hierarchy
        </button>
      </form>
      <SectionState section={hierarchy} label="hierarchy" />
      {hierarchy.data?.items.length === 0 && <p className="muted">This merchant has no hierarchy items at that level on that day.</p>}
      {hierarchy.data?.items.map((h) => (
        <article key={h.hierarchyId} className="card hierarchy-item">
          <h2>
            Item {h.hierarchyId} · merchant {h.merchantId} · {h.level.code} {h.level.label}
          </h2>
          <p className="muted">
            In force {h.dateFrom.slice(0, 10)} to {h.dateTo.startsWith('9999') ? 'no end' : h.dateTo.slice(0, 10)}
          </p>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Level</th>
                <th scope="col">Role</th>
                <th scope="col">Merchant id</th>
                <th scope="col">Account number</th>
              </tr>
            </thead>
            <tbody>
              {h.levels.map((l) => (
                <tr key={l.n} className={l.n === h.matchedField ? 'matched' : undefined}>
                  <td>
                    lvl{l.n}
                    {l.n === h.matchedField && <span className="tag">matched</span>}
                  </td>
                  <td>{l.role}</td>
                  <td>
                    {l.id !== null ? (
                      <button type="button" className="link-button" onClick={() => merchantActions.show(l.id!)}>
                        {l.id}
                      </button>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{l.number || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
      {hierarchy.data?.pagination && (
        <p className="muted">
          {hierarchy.data.pagination.rowCount} item(s), page {hierarchy.data.pagination.page} of {hierarchy.data.pagination.pageCount}
        </p>
      )}
    </div>
  );
}

function Entitlements() {
  const entitlements = useMerchantStore((s) => s.entitlements);
  return (
    <div>
      <SectionState section={entitlements} label="entitlements" />
      <table className="data-table" aria-label="Entitlements">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Service</th>
            <th scope="col">Platform</th>
            <th scope="col">Pricing plan</th>
            <th scope="col">Annual volume</th>
            <th scope="col">Average ticket</th>
          </tr>
        </thead>
        <tbody>
          {entitlements.data?.map((e) => (
            <tr key={e.entitlementId}>
              <td>
                {e.product.code} <span className="muted">{e.product.label}</span>
              </td>
              <td>{e.serviceType.label}</td>
              <td>{e.platform.label}</td>
              <td>{e.pricingPlanCode}</td>
              <td>{e.signedVolume?.toLocaleString('en-US') ?? '—'}</td>
              <td>{e.avgTicket ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fees() {
  const fees = useMerchantStore((s) => s.fees);
  // Fees are in the merchant's base currency (baseCurrencyCode drives the currency of summarised views).
  const currency = useMerchantStore((s) => s.account.data?.fields.find((f) => f.key === 'baseCurrencyCode')?.value);
  return (
    <div>
      <SectionState section={fees} label="fees" />
      <table className="data-table" aria-label="Fees">
        <thead>
          <tr>
            <th scope="col">Fee</th>
            <th scope="col">Retail</th>
            <th scope="col">Wholesale</th>
            <th scope="col">Frequency</th>
            <th scope="col">Billing</th>
            <th scope="col">Type</th>
          </tr>
        </thead>
        <tbody>
          {fees.data?.map((f) => (
            <tr key={f.feeId}>
              <td>
                {f.name} <span className="muted">{f.sequenceCode}</span>
              </td>
              <td className="num">{feeAmount(f.retailRate, currency)}</td>
              <td className="num">{f.wholesaleRate === '' ? '' : feeAmount(f.wholesaleRate, currency)}</td>
              <td>{f.frequency.label}</td>
              <td>{f.processing.label}</td>
              <td>{f.sequenceType.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SEARCH_FIELDS: Array<[keyof MerchantSearchInput, string]> = [
  ['dbaName', 'Business name'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'Zip'],
  ['externalMerchantId', 'External id'],
  ['mid', 'MID (exact)'],
  ['merchantId', 'Merchant id (exact)'],
];

function Search({ onPick }: { onPick: (id: number) => void }) {
  const { search, vocabulary } = useMerchantStore();
  const input = search.input;
  const change = (k: keyof MerchantSearchInput, v: string): void => merchantActions.searchInput({ ...input, [k]: v });
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void merchantActions.search(1);
  };
  const p = search.pagination;
  return (
    <div>
      <form className="search-form" onSubmit={submit} aria-label="Merchant search">
        <div className="form-grid">
          {SEARCH_FIELDS.map(([k, label]) => (
            <label key={k} className="field" htmlFor={`search-${k}`}>
              <span>{label}</span>
              <input id={`search-${k}`} value={(input[k] as string | undefined) ?? ''} onChange={(e) => change(k, e.target.value)} />
            </label>
          ))}
          <label className="field" htmlFor="search-level">
            <span>Level</span>
            <select id="search-level" value={input.hierarchyLevel ?? ''} onChange={(e) => change('hierarchyLevel', e.target.value)}>
              <option value="">Any</option>
              {(vocabulary?.hierarchyLevels ?? []).map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor="search-sort">
            <span>Sort by</span>
            <select id="search-sort" value={input.sort ?? ''} onChange={(e) => change('sort', e.target.value)}>
              <option value="">Service order</option>
              {(vocabulary?.sortFields ?? []).map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="button primary" disabled={search.loading}>
          {search.loading ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ErrorNote text={search.error} />
      {search.searched && !search.error && (
        <p className="muted" aria-live="polite">
          {p ? `${p.rowCount} merchant(s); page ${p.page} of ${p.pageCount}, ${p.countPerPage} per page` : `${search.results.length} merchant(s)`}
        </p>
      )}
      <VirtualList
        items={search.results}
        rowHeight={56}
        label="Search results"
        className="short"
        getKey={(r) => r.merchantId}
        renderRow={(r) => (
          <button type="button" className="product-row" onClick={() => onPick(r.merchantId)}>
            <span className="tag">{r.hierarchyLevelAbbreviation || r.level.code}</span>
            <span className="product-row-text">
              <strong>{r.dbaName}</strong>
              <span className="muted">
                {r.city} {r.state} {r.zipCode} · MID {r.mid} · id {r.merchantId}
              </span>
            </span>
          </button>
        )}
      />
      {p && p.pageCount > 1 && (
        <div className="actions">
          <button type="button" className="button secondary" disabled={p.page <= 1} onClick={() => void merchantActions.search(p.page - 1)}>
            Previous page
          </button>
          <button type="button" className="button secondary" disabled={p.page >= p.pageCount} onClick={() => void merchantActions.search(p.page + 1)}>
            Next page
          </button>
        </div>
      )}
    </div>
  );
}

/** The merchant account as the merchant management system holds it; the last copy when offline. */
export function MerchantScreen() {
  const { merchantId, vocabulary } = useMerchantStore();
  const [tab, setTab] = useState<Tab>('account');
  // Typed text while editing; otherwise the merchant shown.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const idText = typed ?? (merchantId === undefined ? '' : String(merchantId));
  useEffect(() => startMerchant(), []);

  const show = (e: FormEvent): void => {
    e.preventDefault();
    if (/^\d+$/.test(idText.trim())) merchantActions.show(Number(idText.trim()));
    setTyped(undefined);
  };
  return (
    <section className="screen merchant-screen" aria-labelledby="merchant-title">
      <div className="screen-head">
        <h1 id="merchant-title">Merchant</h1>
        <form className="filters inline" onSubmit={show}>
          <label className="field" htmlFor="merchant-id">
            <span>Merchant id</span>
            <input id="merchant-id" inputMode="numeric" value={idText} onChange={(e) => setTyped(e.target.value)} />
          </label>
          <button type="submit" className="button secondary">
            Show
          </button>
          {vocabulary && vocabulary.homeMerchantId !== null && vocabulary.homeMerchantId !== merchantId && (
            <button type="button" className="button secondary" onClick={() => merchantActions.show(vocabulary.homeMerchantId!)}>
              This store
            </button>
          )}
          <button type="button" className="button secondary" onClick={() => merchantActions.reload()} disabled={merchantId === undefined}>
            Refresh
          </button>
        </form>
      </div>
      <div role="tablist" aria-label="Merchant sections" className="tabs">
        {TABS.map(([id, label]) => (
          <button key={id} role="tab" type="button" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} className="tab" onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {merchantId === undefined && tab !== 'search' && <p className="muted">Enter a merchant id, or search for a merchant.</p>}
        {tab === 'account' && merchantId !== undefined && <Account />}
        {tab === 'contacts' && merchantId !== undefined && <Contacts />}
        {tab === 'hierarchy' && merchantId !== undefined && <Hierarchy />}
        {tab === 'entitlements' && merchantId !== undefined && <Entitlements />}
        {tab === 'fees' && merchantId !== undefined && <Fees />}
        {tab === 'search' && (
          <Search
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
