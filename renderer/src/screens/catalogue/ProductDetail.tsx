import type { CartView, ProductDetail as Product, RelatedProduct } from '../../../../preload/contract';
import { DataTable } from '../../components/DataTable';
import { calendarDay } from '../../components/local-format';
import { money } from '../../components/money';
import { cartInput, catalogueActions } from '../../stores/catalogue-store';
import { CatalogueImage } from './parts';
import { useCatalogueWords } from './words';

export function addToCart(cart: CartView | undefined, productId: number, purchaseType?: string): void {
  const input = cartInput(cart);
  input.items.push({ productId, quantity: 1, ...(purchaseType ? { purchaseType } : {}) });
  void catalogueActions.setCart(input);
}

function Related({ title, items }: { title: string; items: RelatedProduct[] }) {
  const w = useCatalogueWords();
  if (items.length === 0) return null;
  return (
    <section>
      <h3>{title}</h3>
      <ul className="related">
        {items.map((r) => (
          <li key={`${title}-${r.productId}`}>
            <button type="button" className="link-button" onClick={() => catalogueActions.open(r.productId)}>
              {r.name}
            </button>{' '}
            <span className="muted">
              {[
                w.kind(r.kind, r.typeLabel),
                r.priceCents === null ? w.t('cart.noPrice') : money(r.priceCents),
                r.defaultPurchaseType ? w.purchase({ code: r.defaultPurchaseType, label: r.defaultPurchaseType }) : '',
                r.validUntil ? w.t('related.until', { date: calendarDay(r.validUntil) }) : '',
                r.sponsor ? w.t('related.sponsor', { sponsor: r.sponsor }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One product with all seven parts the marketplace serves, and how to put it in the cart. */
export function ProductDetail({ product, cart }: { product: Product; cart: CartView | undefined }) {
  const w = useCatalogueWords();
  const t = w.t;
  return (
    <article className="product-detail" aria-labelledby="product-title">
      <header className="detail-head">
        {product.imageCount > 0 && <CatalogueImage productId={product.productId} size="large" alt={product.name} />}
        <div>
          <h2 id="product-title" tabIndex={-1}>
            {product.name}
          </h2>
          <p className="muted">{t('detail.meta', { type: w.kind(product.kind, product.typeLabel), supplier: product.supplierName, id: product.productId })}</p>
          <p className="price" data-testid="product-price">
            {product.priceCents === null ? t('detail.noPrice') : money(product.priceCents)}
          </p>
          <button type="button" className="button primary" onClick={() => addToCart(cart, product.productId)}>
            {t('addToCart')}
          </button>
          <button type="button" className="button secondary" onClick={() => catalogueActions.close()}>
            {t('back')}
          </button>
        </div>
      </header>
      {product.longDescription && <p>{product.longDescription}</p>}
      {product.pricing.length > 0 && (
        <section>
          <h3>{t('options.title')}</h3>
          <DataTable
            rows={product.pricing}
            rowKey={(o) => o.code}
            columns={[
              {
                id: 'option',
                header: t('options.option'),
                cell: (o) => (
                  <>
                    {w.purchase(o)}
                    {w.meaning(o) && <small className="muted block">{w.meaning(o)}</small>}
                  </>
                ),
              },
              { id: 'amount', header: t('options.amount'), numeric: true, cell: (o) => money(o.amountCents) },
              { id: 'paid', header: t('options.paid'), cell: (o) => w.occurrence(o) },
              {
                id: 'add',
                header: t('options.add'),
                hiddenHeader: true,
                cell: (o) => (
                  <button type="button" className="button small" onClick={() => addToCart(cart, product.productId, o.code)} aria-label={t('options.addLabel', { name: product.name, option: w.purchase(o) })}>
                    {t('options.add')}
                  </button>
                ),
              },
            ]}
          />
        </section>
      )}
      {product.features.length > 0 && (
        <section>
          <h3>{t('features')}</h3>
          <ul>
            {product.features.map((f) => (
              <li key={f.id}>{f.text}</li>
            ))}
          </ul>
        </section>
      )}
      {product.specs.length > 0 && (
        <section>
          <h3>{t('specs')}</h3>
          <dl className="specs">
            {product.specs.map((s) => (
              <div key={s.name}>
                <dt>{s.name}</dt>
                <dd>{s.lines.join('; ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <Related title={t('included')} items={product.includes} />
      <Related title={t('recommended')} items={product.recommended} />
      <Related title={t('productOptions')} items={product.options} />
      {product.faq.length > 0 && (
        <section>
          <h3>{t('faq')}</h3>
          {product.faq.map((f) => (
            <details key={f.sortId} className="faq">
              <summary>{f.question}</summary>
              <p>{f.answer}</p>
              {f.url && <p className="muted">{t('faq.more', { url: f.url })}</p>}
            </details>
          ))}
        </section>
      )}
      {product.missingParts.length > 0 && <p className="muted">{t('missingParts', { parts: product.missingParts.map((m) => w.part(m.part)).join(', ') })}</p>}
    </article>
  );
}
