import { useEffect, useRef, useState } from 'react';
import type { HierarchyItemView } from '../../../../preload/contract';
import { DataTable } from '../../components/DataTable';
import { LabelledField } from '../../components/LabelledField';
import { calendarDay } from '../../components/local-format';
import { knownKey } from '../../i18n/keys';
import { merchantActions, useMerchantStore } from '../../stores/merchant-store';
import { useMerchantWords } from './merchant-words';
import { SectionState } from './SectionState';

/** The level and day asked for; typed choices reset when the store's change (a link followed). */
function HierarchyForm({ level, date }: { level: string; date: string }) {
  const w = useMerchantWords();
  const levels = useMerchantStore((s) => s.vocabulary?.hierarchyLevels ?? []);
  const [lvl, setLvl] = useState(level);
  const [day, setDay] = useState(date);
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault();
        merchantActions.hierarchy(lvl, day);
      }}
    >
      <LabelledField id="hierarchy-level" label={w.t('hierarchy.level')}>
        {(control) => (
          <select {...control} value={lvl} onChange={(e) => setLvl(e.target.value)}>
            {levels.map((l) => (
              <option key={l.code} value={l.code}>
                {w.level(l.code)}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField id="hierarchy-date" label={w.t('hierarchy.date')}>
        {(control) => <input {...control} type="date" value={day} onChange={(e) => setDay(e.target.value)} />}
      </LabelledField>
      <button type="submit" className="button secondary">
        {w.t('hierarchy.show')}
      </button>
    </form>
  );
}

/** One hierarchy item: every level of it, each merchant id a link to that merchant at its own level. */
function HierarchyItem({ h, onFollow }: { h: HierarchyItemView; onFollow: (id: number, field: number) => void }) {
  const w = useMerchantWords();
  const levels = useMerchantStore((s) => s.vocabulary?.hierarchyLevels ?? []);
  const levelOfField = (n: number) => levels.find((l) => l.field === n);
  // The level's name, and the field's role where it says more ("Corporate · chain", not "Agent · agent").
  const words = (n: number): string => {
    const role = knownKey('merchant', 'role.', n);
    const roleText = role ? w.t(role) : '';
    const level = levelOfField(n);
    if (!level) return roleText.charAt(0).toLocaleUpperCase() + roleText.slice(1);
    const levelText = w.level(level.code);
    return roleText && roleText.toLocaleLowerCase() !== levelText.toLocaleLowerCase() ? `${levelText} · ${roleText}` : levelText;
  };
  return (
    <article className="card hierarchy-item">
      <h3>{w.t('hierarchy.item', { level: w.level(h.level.code), id: h.hierarchyId })}</h3>
      <p className="muted">
        {h.dateTo.startsWith('9999') ? w.t('hierarchy.inForceOpen', { from: calendarDay(h.dateFrom) }) : w.t('hierarchy.inForce', { from: calendarDay(h.dateFrom), to: calendarDay(h.dateTo) })}
      </p>
      <DataTable
        rows={h.levels}
        rowKey={(l) => String(l.n)}
        rowClassName={(l) => (l.n === h.matchedField ? 'matched' : undefined)}
        columns={[
          {
            id: 'level',
            header: w.t('hierarchy.col.level'),
            cell: (l) => (
              <>
                {words(l.n)}
                {l.n === h.matchedField && <span className="tag">{w.t('hierarchy.this')}</span>}
              </>
            ),
          },
          {
            id: 'merchant',
            header: w.t('hierarchy.col.merchant'),
            cell: (l) => {
              if (l.id === null) return '—';
              const id = l.id;
              const level = levelOfField(l.n);
              return (
                <button
                  type="button"
                  className="link-button"
                  aria-label={level ? w.t('hierarchy.open', { id, level: w.level(level.code) }) : w.t('hierarchy.openAccount', { id })}
                  onClick={() => onFollow(id, l.n)}
                >
                  {id}
                </button>
              );
            },
          },
          { id: 'number', header: w.t('hierarchy.col.number'), cell: (l) => l.number || '—' },
        ]}
      />
    </article>
  );
}

/**
 * The merchant's place in the hierarchy at the chosen level and day. Following a merchant id opens
 * that merchant at the level of its field, here, with the focus on it; the bank marker has no
 * level of its own and opens the account (`onAccount`).
 */
export function HierarchyPanel({ onAccount }: { onAccount: () => void }) {
  const { hierarchy, level, date, merchantId } = useMerchantStore();
  const w = useMerchantWords();
  const heading = useRef<HTMLHeadingElement>(null);
  const [followed, setFollowed] = useState(0);
  useEffect(() => {
    if (followed > 0) heading.current?.focus();
  }, [followed]);
  const follow = (id: number, field: number): void => {
    if (merchantActions.follow(id, field)) setFollowed((n) => n + 1);
    else onAccount();
  };
  const p = hierarchy.data?.pagination;
  return (
    <div>
      <HierarchyForm key={`${level}|${date}`} level={level} date={date} />
      <h2 ref={heading} tabIndex={-1} data-testid="hierarchy-heading">
        {w.t('hierarchy.heading', { id: merchantId, level: w.level(level) })}
      </h2>
      <SectionState section={hierarchy} testId="hierarchy" what={w.t('what.hierarchy')} />
      {hierarchy.data?.items.length === 0 && <p className="muted">{w.t('hierarchy.none')}</p>}
      {hierarchy.data?.items.map((h) => <HierarchyItem key={h.hierarchyId} h={h} onFollow={follow} />)}
      {p && p.rowCount > 0 && <p className="muted">{w.t('hierarchy.count', { count: p.rowCount, page: p.page, pages: p.pageCount })}</p>}
    </div>
  );
}
