import type { FormEvent } from 'react';
import type { MerchantSearchInput } from '../../../../preload/contract';
import { LabelledField } from '../../components/LabelledField';
import { ProblemNote } from '../../components/ProblemNote';
import { VirtualList } from '../../components/VirtualList';
import { knownKey } from '../../i18n/keys';
import { merchantActions, useMerchantStore } from '../../stores/merchant-store';
import { SEARCH_TEXT_FIELDS, type IdProblem, type SearchTextField } from './ids';
import { useMerchantWords } from './merchant-words';

/** Merchant search on any of the service's fields; a malformed id is refused here, before sending. */
export function SearchPanel({ onPick }: { onPick: (id: number) => void }) {
  const { search, vocabulary } = useMerchantStore();
  const w = useMerchantWords();
  const t = w.t;
  const input = search.input;
  const change = (k: keyof MerchantSearchInput, v: string): void => merchantActions.searchInput({ ...input, [k]: v });
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void merchantActions.search(1);
  };
  const fieldProblem = (k: SearchTextField): string | undefined => {
    const p: IdProblem | undefined = search.check?.fields[k];
    if (!p) return undefined;
    if (k === 'mid') return t(p === 'tooLong' ? 'mid.tooLong' : 'mid.digits');
    return t(p === 'tooLong' ? 'id.tooLong' : 'id.digits');
  };
  const p = search.pagination;
  const sortFields = (vocabulary?.sortFields ?? []).flatMap((f) => {
    const key = knownKey('merchant', 'sort.', f);
    return key ? [{ field: f, label: t(key) }] : [];
  });
  return (
    <div>
      <form className="search-form" onSubmit={submit} aria-label={t('search.label')} noValidate>
        <div className="form-grid">
          {SEARCH_TEXT_FIELDS.map((k) => (
            <LabelledField key={k} id={`search-${k}`} label={t(`search.${k}`)} problem={fieldProblem(k)}>
              {(control) => (
                <input {...control} inputMode={k === 'mid' || k === 'merchantId' ? 'numeric' : undefined} value={input[k] ?? ''} onChange={(e) => change(k, e.target.value)} />
              )}
            </LabelledField>
          ))}
          <LabelledField id="search-level" label={t('search.level')}>
            {(control) => (
              <select {...control} value={input.hierarchyLevel ?? ''} onChange={(e) => change('hierarchyLevel', e.target.value)}>
                <option value="">{t('search.anyLevel')}</option>
                {(vocabulary?.hierarchyLevels ?? []).map((l) => (
                  <option key={l.code} value={l.code}>
                    {w.level(l.code)}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
          <LabelledField id="search-sort" label={t('search.sort')}>
            {(control) => (
              <select {...control} value={input.sort ?? ''} onChange={(e) => change('sort', e.target.value)}>
                <option value="">{t('search.serviceOrder')}</option>
                {sortFields.map((f) => (
                  <option key={f.field} value={f.field}>
                    {f.label}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
        </div>
        <button type="submit" className="button primary" disabled={search.loading}>
          {search.loading ? t('search.busy') : t('search.submit')}
        </button>
      </form>
      <ProblemNote text={search.check?.empty ? t('search.empty') : search.check && !search.check.ok ? t('search.fix') : undefined} />
      <ProblemNote text={w.problem(search.problem)} />
      {search.searched && !search.problem && (
        <p className="muted" aria-live="polite">
          {search.results.length === 0
            ? t('search.none')
            : p
              ? t('search.pages', { count: p.rowCount, page: p.page, pages: p.pageCount, perPage: p.countPerPage })
              : t('search.count', { count: search.results.length })}
        </p>
      )}
      <VirtualList
        items={search.results}
        rowHeight={56}
        label={t('search.results')}
        className="short"
        getKey={(r) => r.merchantId}
        renderRow={(r) => (
          <button type="button" className="product-row" onClick={() => onPick(r.merchantId)}>
            <span className="tag">{w.level(r.level.code || (vocabulary?.hierarchyLevels.find((l) => l.abbreviation === r.hierarchyLevelAbbreviation)?.code ?? ''))}</span>
            <span className="product-row-text">
              <strong>{r.dbaName}</strong>
              <span className="muted">{t('search.row', { place: [r.city, r.state, r.zipCode].filter(Boolean).join(' '), mid: r.mid, id: r.merchantId })}</span>
            </span>
          </button>
        )}
      />
      {p && p.pageCount > 1 && (
        <div className="actions">
          <button type="button" className="button secondary" disabled={p.page <= 1} onClick={() => void merchantActions.search(p.page - 1)}>
            {t('search.previous')}
          </button>
          <button type="button" className="button secondary" disabled={p.page >= p.pageCount} onClick={() => void merchantActions.search(p.page + 1)}>
            {t('search.next')}
          </button>
        </div>
      )}
    </div>
  );
}
