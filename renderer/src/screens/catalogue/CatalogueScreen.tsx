import { useEffect, useState } from 'react';
import { FreshnessNote } from '../../components/FreshnessNote';
import { LabelledField } from '../../components/LabelledField';
import { ProblemNote } from '../../components/ProblemNote';
import { catalogueActions, startCatalogue, useCatalogueStore } from '../../stores/catalogue-store';
import { LeadForm } from '../leads/LeadForm';
import { Cart } from './Cart';
import { CatalogueImage } from './parts';
import { ProductDetail } from './ProductDetail';
import { ProductList } from './ProductList';
import { KIND_LIST_WORDS, useCatalogueWords } from './words';

const KIND_CODES = Object.keys(KIND_LIST_WORDS) as Array<keyof typeof KIND_LIST_WORDS>;

function SaveForOffline() {
  const { progress, warmed } = useCatalogueStore();
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
  const { query, kind } = useCatalogueStore();
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
                {t(KIND_LIST_WORDS[k])}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
    </div>
  );
}

/** The equipment catalogue for a store manager: categories, search, product details, the cart and a lead. */
export function CatalogueScreen() {
  const s = useCatalogueStore();
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
        <nav className="categories" aria-label={t('categories')}>
          <button type="button" className={`category ${s.categoryId === undefined ? 'selected' : ''}`} aria-pressed={s.categoryId === undefined} onClick={() => catalogueActions.category(undefined)}>
            {t('allCategories')}
          </button>
          {s.categories.map((c) => (
            <button key={c.id} type="button" className={`category ${s.categoryId === c.id ? 'selected' : ''}`} aria-pressed={s.categoryId === c.id} onClick={() => catalogueActions.category(c.id)}>
              {c.hasImage && <CatalogueImage categoryId={c.id} alt="" />}
              {c.label}
            </button>
          ))}
        </nav>
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
