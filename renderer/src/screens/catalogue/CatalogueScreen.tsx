import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FreshnessNote } from '../../components/FreshnessNote';
import { LabelledField } from '../../components/LabelledField';
import { ProblemNote } from '../../components/ProblemNote';
import { catalogueActions, startCatalogue, useCatalogueStore } from '../../stores/catalogue-store';
import { LeadForm } from '../leads/LeadForm';
import { Cart } from './Cart';
import { CatalogueImage } from './parts';
import { ProductDetail } from './ProductDetail';
import { ProductList } from './ProductList';
import { KIND_CODES, useCatalogueWords } from './words';

function SaveForOffline() {
  const { progress, warmed } = useCatalogueStore(useShallow((s) => ({ progress: s.progress, warmed: s.warmed })));
  const w = useCatalogueWords();
  const t = w.t;
  return (
    <>
      <button type="button" className="button secondary" disabled={progress !== undefined} onClick={() => void catalogueActions.warm()}>
        {progress ? t('warming', { done: progress.done, total: progress.total }) : t('warm')}
      </button>
      {progress && <progress className="wide" max={progress.total} value={progress.done} aria-label={t('warmProgress')} />}
      {warmed && 'result' in warmed && (
        <p className="muted" role="status">
          {t('warmed', { saved: warmed.result.products - warmed.result.failed, products: warmed.result.products, images: warmed.result.images })}
        </p>
      )}
      {warmed && 'problem' in warmed && <ProblemNote text={w.problem(warmed.problem)} />}
    </>
  );
}

function Filters() {
  const { query, kind } = useCatalogueStore(useShallow((s) => ({ query: s.query, kind: s.kind })));
  const { t } = useCatalogueWords();
  return (
    <div className="filters">
      <LabelledField id="catalogue-search" label={t('search')} className="grow">
        {(control) => <input {...control} type="search" placeholder={t('searchPlaceholder')} value={query} onChange={(e) => catalogueActions.search(e.target.value)} />}
      </LabelledField>
      <LabelledField id="catalogue-kind" label={t('type')}>
        {(control) => (
          <select {...control} value={kind} onChange={(e) => catalogueActions.kind(e.target.value)}>
            <option value="">{t('allTypes')}</option>
            {KIND_CODES.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
    </div>
  );
}

function Categories() {
  const { categories, categoryId } = useCatalogueStore(useShallow((s) => ({ categories: s.categories, categoryId: s.categoryId })));
  const { t } = useCatalogueWords();
  return (
    <nav className="categories" aria-label={t('categories')}>
      <button type="button" className={`category ${categoryId === undefined ? 'selected' : ''}`} aria-pressed={categoryId === undefined} onClick={() => catalogueActions.category(undefined)}>
        {t('allCategories')}
      </button>
      {categories.map((c) => (
        <button key={c.id} type="button" className={`category ${categoryId === c.id ? 'selected' : ''}`} aria-pressed={categoryId === c.id} onClick={() => catalogueActions.category(c.id)}>
          {c.hasImage && <CatalogueImage categoryId={c.id} alt="" />}
          {c.label}
        </button>
      ))}
    </nav>
  );
}

/** The filters, then the list or the product opened from it. */
function CatalogueMain() {
  const s = useCatalogueStore(
    useShallow((s) => ({ selectedId: s.selectedId, selected: s.selected, selectedFreshness: s.selectedFreshness, detailProblem: s.detailProblem, cart: s.cart })),
  );
  const w = useCatalogueWords();
  const t = w.t;
  return (
    <div className="catalogue-main">
      <Filters />
      {s.selectedId !== undefined ? (
        <>
          <ProblemNote text={w.problem(s.detailProblem)} />
          {s.selected ? (
            <ProductDetail product={s.selected} cart={s.cart} />
          ) : (
            !s.detailProblem && (
              <p className="loading" role="status">
                {t('detail.loading')}
              </p>
            )
          )}
          <FreshnessNote freshness={s.selectedFreshness} testId="product" what={t('what.product')} service={t('service')} />
        </>
      ) : (
        <ProductList />
      )}
    </div>
  );
}

/**
 * The equipment catalogue for a store manager: categories, search, product details, the cart and
 * a lead. Each section selects its own part of the store, so a keystroke in the search box
 * re-renders the box and the list only.
 */
export function CatalogueScreen() {
  const s = useCatalogueStore(useShallow((s) => ({ freshness: s.freshness, refreshing: s.refreshing, problem: s.problem, cart: s.cart })));
  const w = useCatalogueWords();
  const t = w.t;
  const [leadOpen, setLeadOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => startCatalogue(), []);

  return (
    <section className="screen catalogue-screen" aria-labelledby="catalogue-title">
      <div className="screen-head">
        <h1 id="catalogue-title">{t('title')}</h1>
        <FreshnessNote freshness={s.freshness} testId="catalogue" what={t('what.catalogue')} service={t('service')} onRefresh={() => void catalogueActions.refresh()} busy={s.refreshing} />
        <SaveForOffline />
      </div>
      <ProblemNote text={w.problem(s.problem)} />
      <div className="catalogue-layout">
        <Categories />
        <CatalogueMain />
        <Cart
          cart={s.cart}
          onLead={() => {
            setLeadOpen(true);
            setFocusRequest((n) => n + 1);
          }}
        />
      </div>
      {leadOpen && (
        <section className="panel" aria-labelledby="lead-title">
          <h2 id="lead-title">{t('lead.title')}</h2>
          <LeadForm onDone={() => setLeadOpen(false)} focusRequest={focusRequest} note={s.cart && !s.cart.complete && s.cart.items.length > 0 ? t('lead.incomplete') : undefined} />
        </section>
      )}
    </section>
  );
}
