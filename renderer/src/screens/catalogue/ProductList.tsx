import { useShallow } from 'zustand/react/shallow';
import { VirtualList } from '../../components/VirtualList';
import { catalogueActions, selectVisibleProducts, useCatalogueStore } from '../../stores/catalogue-store';
import { CatalogueImage } from './parts';
import { useCatalogueWords } from './words';

/** The products that match the filters: loading, nothing (with a way back), or the list. */
export function ProductList() {
  const { products, total } = useCatalogueStore(selectVisibleProducts);
  const { loading, loaded, selectedId, filtered, problem } = useCatalogueStore(
    useShallow((s) => ({ loading: s.loading, loaded: s.loaded, selectedId: s.selectedId, filtered: s.query.trim() !== '' || s.categoryId !== undefined || s.kind !== '', problem: s.problem })),
  );
  const w = useCatalogueWords();
  const t = w.t;
  if (!loaded) {
    return (
      <section className="product-list" aria-label={t('products')}>
        <p className="loading" role="status">
          {t('loadingList')}
        </p>
      </section>
    );
  }
  if (!loading && total === 0) {
    // With nothing read at all, the problem above says why; "nothing matches" would mislead.
    if (problem && !filtered) return null;
    return (
      <section className="product-list" aria-label={t('products')}>
        <p role="status">{filtered ? t('nothingFiltered') : t('nothing')}</p>
        {filtered && (
          <button type="button" className="button" onClick={() => catalogueActions.clearFilters()}>
            {t('clearFilters')}
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="product-list" aria-label={t('products')}>
      <p className="muted" aria-live="polite">
        {loading ? t('searching') : products.length < total ? t('firstOf', { shown: products.length, count: total }) : t('count', { count: total })}
      </p>
      <VirtualList
        items={products}
        rowHeight={76}
        label={t('results')}
        grid
        getKey={(p) => p.productId}
        renderRow={(p) => (
          <button type="button" className={`product-row ${p.productId === selectedId ? 'selected' : ''}`} aria-pressed={p.productId === selectedId} onClick={() => catalogueActions.open(p.productId)}>
            {p.imageCount > 0 ? (
              <CatalogueImage productId={p.productId} alt={p.name} />
            ) : (
              <span className="picture placeholder thumb" aria-hidden="true">
                {p.name.slice(0, 2).toUpperCase()}
              </span>
            )}
            <span className="product-row-text">
              <strong>{p.name}</strong>
              <span className="muted">
                {w.kind(p.kind, p.typeLabel)} · {p.supplierName}
              </span>
            </span>
          </button>
        )}
      />
    </section>
  );
}
