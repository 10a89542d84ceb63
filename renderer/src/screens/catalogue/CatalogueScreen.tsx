import { useEffect, useState } from 'react';
import type { CartView, ProductDetail, RelatedProduct } from '../../../../preload/contract';
import { cartInput, catalogueActions, startCatalogue, useCatalogueStore } from '../../stores/catalogue-store';
import { LeadForm } from '../leads/LeadForm';
import { formatCents } from '../../../../preload/format';
import { CatalogueImage, ErrorNote, FreshnessNote } from './parts';
import { VirtualList } from './VirtualList';

const KINDS: Array<[string, string]> = [
  ['', 'All types'],
  ['TERM', 'Terminals'],
  ['PINPAD', 'PIN pads'],
  ['CHKRDR', 'Check readers'],
  ['PRNTR', 'Printers'],
  ['REG', 'Registers'],
  ['GAS', 'Petroleum'],
  ['SOFT', 'Software'],
  ['ACCES', 'Accessories'],
  ['CABLES', 'Cables'],
  ['MO_FEE', 'Monthly fees'],
];

function ProductList() {
  const { products, total, loading, selectedId, query, categoryId, kind } = useCatalogueStore();
  if (!loading && total === 0) {
    const filtered = query.trim() !== '' || categoryId !== undefined || kind !== '';
    return (
      <section className="product-list" aria-label="Products">
        <p role="status">Nothing matches{filtered ? ' these filters' : ''}.</p>
        {filtered && (
          <button type="button" className="button" onClick={() => catalogueActions.clearFilters()}>
            Clear the filters
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="product-list" aria-label="Products">
      <p className="muted" aria-live="polite">
        {loading ? 'Searching…' : products.length < total ? `Showing the first ${products.length} of ${total} products: type more to narrow the list` : `${total} product${total === 1 ? '' : 's'}`}
      </p>
      <VirtualList
        items={products}
        rowHeight={76}
        label="Product results"
        getKey={(p) => p.productId}
        renderRow={(p) => (
          <button type="button" className={`product-row ${p.productId === selectedId ? 'selected' : ''}`} aria-pressed={p.productId === selectedId} onClick={() => catalogueActions.open(p.productId)}>
            {p.imageCount > 0 ? <CatalogueImage productId={p.productId} alt={p.name} /> : <span className="picture placeholder thumb" aria-hidden="true">{p.kind.slice(0, 2)}</span>}
            <span className="product-row-text">
              <strong>{p.name}</strong>
              <span className="muted">
                {p.typeLabel} · {p.supplierName}
              </span>
            </span>
          </button>
        )}
      />
    </section>
  );
}

function addToCart(cart: CartView | undefined, productId: number, purchaseType?: string): void {
  const input = cartInput(cart);
  input.items.push({ productId, quantity: 1, ...(purchaseType ? { purchaseType } : {}) });
  void catalogueActions.setCart(input);
}

function Related({ title, items }: { title: string; items: RelatedProduct[] }) {
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
              {r.typeLabel} · {formatCents(r.priceCents)}
              {r.defaultPurchaseType ? ` · ${r.defaultPurchaseType}` : ''}
              {r.validUntil ? ` · until ${r.validUntil}` : ''}
              {r.sponsor ? ` · offered by ${r.sponsor}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Detail({ product, cart }: { product: ProductDetail; cart: CartView | undefined }) {
  return (
    <article className="product-detail" aria-labelledby="product-title">
      <header className="detail-head">
        {product.imageCount > 0 && <CatalogueImage productId={product.productId} size="large" alt={product.name} />}
        <div>
          <h2 id="product-title">{product.name}</h2>
          <p className="muted">
            {product.typeLabel} · {product.supplierName} · #{product.productId}
          </p>
          <p className="price" data-testid="product-price">
            {formatCents(product.priceCents)}
          </p>
          <button type="button" className="button primary" onClick={() => addToCart(cart, product.productId)}>
            Add to cart
          </button>
          <button type="button" className="button secondary" onClick={() => catalogueActions.close()}>
            Back to list
          </button>
        </div>
      </header>
      {product.longDescription && <p>{product.longDescription}</p>}
      {product.pricing.length > 0 && (
        <section>
          <h3>Purchase options</h3>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
                <th scope="col">
                  <span className="visually-hidden">Add</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {product.pricing.map((o) => (
                <tr key={o.code}>
                  <td>
                    {o.label}
                    {o.meaning && <small className="muted block">{o.meaning}</small>}
                  </td>
                  <td>{formatCents(o.amountCents)}</td>
                  <td>{o.occurrenceLabel}</td>
                  <td>
                    <button type="button" className="button small" onClick={() => addToCart(cart, product.productId, o.code)} aria-label={`Add ${product.name}, ${o.label}`}>
                      Add
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {product.features.length > 0 && (
        <section>
          <h3>Features</h3>
          <ul>
            {product.features.map((f) => (
              <li key={f.id}>{f.text}</li>
            ))}
          </ul>
        </section>
      )}
      {product.specs.length > 0 && (
        <section>
          <h3>Specifications</h3>
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
      <Related title="Included" items={product.includes} />
      <Related title="Recommended with it" items={product.recommended} />
      <Related title="Options" items={product.options} />
      {product.faq.length > 0 && (
        <section>
          <h3>Questions</h3>
          {product.faq.map((f) => (
            <details key={f.sortId} className="faq">
              <summary>{f.question}</summary>
              <p>{f.answer}</p>
              {f.url && <p className="muted">More: {f.url}</p>}
            </details>
          ))}
        </section>
      )}
      {product.missingParts.length > 0 && <p className="muted">Not available right now: {product.missingParts.map((m) => m.part).join(', ')}.</p>}
    </article>
  );
}

function Cart({ cart, onLead }: { cart: CartView | undefined; onLead: () => void }) {
  const error = useCatalogueStore((s) => s.cartError);
  const input = cartInput(cart);
  const update = (change: (i: typeof input) => void): void => {
    change(input);
    void catalogueActions.setCart(input);
  };
  return (
    <aside className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">Equipment cart</h2>
      <fieldset className="choices">
        <legend>The merchant wants</legend>
        <label className="check">
          <input type="checkbox" checked={input.debit} onChange={(e) => update((i) => void (i.debit = e.target.checked))} />
          Debit (needs a PIN pad)
        </label>
        <label className="check">
          <input type="checkbox" checked={input.checkAcceptance} onChange={(e) => update((i) => void (i.checkAcceptance = e.target.checked))} />
          Check acceptance (needs a check reader)
        </label>
      </fieldset>
      {cart && cart.items.length === 0 && <p className="muted">Nothing chosen yet.</p>}
      <ul className="cart-lines">
        {cart?.items.map((l, idx) => (
          <li key={`${l.productId}-${l.purchaseType ?? ''}`} className="cart-line">
            <span className="cart-name">
              <strong>{l.name}</strong>
              <span className="muted">
                {l.typeLabel} · {formatCents(l.unitCents)} {l.occurrence === 'recurring' ? 'a month' : 'each'}
              </span>
            </span>
            {l.choices.length > 1 && (
              <select aria-label={`Purchase option for ${l.name}`} value={l.purchaseType ?? ''} onChange={(e) => update((i) => void (i.items[idx] = { ...i.items[idx]!, purchaseType: e.target.value }))}>
                {l.choices.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.label} {formatCents(c.amountCents)}
                  </option>
                ))}
              </select>
            )}
            <span className="stepper">
              <button type="button" className="button small" aria-label={`One fewer ${l.name}`} onClick={() => update((i) => (l.quantity <= 1 ? void i.items.splice(idx, 1) : void (i.items[idx]!.quantity = l.quantity - 1)))}>
                −
              </button>
              <span aria-label="Quantity">{l.quantity}</span>
              <button type="button" className="button small" aria-label={`One more ${l.name}`} onClick={() => update((i) => void (i.items[idx]!.quantity = Math.min(99, l.quantity + 1)))}>
                +
              </button>
            </span>
          </li>
        ))}
      </ul>
      {cart && (
        <p className="totals">
          One-time {formatCents(cart.totals.oneTimeCents)} · Monthly {formatCents(cart.totals.recurringCents)}
          {cart.totals.unpricedLines > 0 && ` · ${cart.totals.unpricedLines} line(s) without a price yet`}
        </p>
      )}
      {cart && cart.missing.length > 0 && (
        <div className="missing" role="alert" aria-label="Missing equipment">
          <strong>Still missing</strong>
          <ul>
            {cart.missing.map((m) => (
              <li key={m.rule}>
                {m.message}{' '}
                <button type="button" className="link-button" onClick={() => catalogueActions.kind(m.kind)}>
                  Show {m.kind === 'TERM' ? 'terminals' : m.kind === 'PINPAD' ? 'PIN pads' : 'check readers'}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {cart && cart.complete && <p className="complete tone-ok">Everything the merchant needs is in the cart.</p>}
      <ErrorNote text={error} />
      <button type="button" className="button primary wide" onClick={onLead}>
        Submit a lead for this merchant
      </button>
    </aside>
  );
}

/** The equipment catalogue for a store manager: categories, search, product details, the cart and a lead. */
export function CatalogueScreen() {
  const s = useCatalogueStore();
  const [leadOpen, setLeadOpen] = useState(false);
  const [message, setMessage] = useState<string>();
  useEffect(() => startCatalogue(), []);

  return (
    <section className="screen catalogue-screen" aria-labelledby="catalogue-title">
      <div className="screen-head">
        <h1 id="catalogue-title">Catalogue</h1>
        <FreshnessNote freshness={s.freshness} label="catalogue" onRefresh={() => void catalogueActions.refresh()} busy={s.refreshing} />
        <button type="button" className="button secondary" disabled={s.progress !== undefined} onClick={() => void catalogueActions.warm().then(setMessage)}>
          {s.progress ? `Saving for offline… ${s.progress.done}/${s.progress.total}` : 'Save all for offline'}
        </button>
      </div>
      {s.progress && <progress className="wide" max={s.progress.total} value={s.progress.done} aria-label="Saving the catalogue for offline use" />}
      {message && (
        <p className="muted" role="status">
          {message}
        </p>
      )}
      <ErrorNote text={s.error} />
      <div className="catalogue-layout">
        <nav className="categories" aria-label="Categories">
          <button type="button" className={`category ${s.categoryId === undefined ? 'selected' : ''}`} aria-pressed={s.categoryId === undefined} onClick={() => catalogueActions.category(undefined)}>
            All categories
          </button>
          {s.categories.map((c) => (
            <button key={c.id} type="button" className={`category ${s.categoryId === c.id ? 'selected' : ''}`} aria-pressed={s.categoryId === c.id} onClick={() => catalogueActions.category(c.id)}>
              {c.hasImage && <CatalogueImage categoryId={c.id} alt={c.label} />}
              {c.label}
            </button>
          ))}
        </nav>
        <div className="catalogue-main">
          <div className="filters">
            <label className="field grow" htmlFor="catalogue-search">
              <span>Search</span>
              <input id="catalogue-search" type="search" placeholder="Name, supplier, type or tag" value={s.query} onChange={(e) => catalogueActions.search(e.target.value)} />
            </label>
            <label className="field" htmlFor="catalogue-kind">
              <span>Type</span>
              <select id="catalogue-kind" value={s.kind} onChange={(e) => catalogueActions.kind(e.target.value)}>
                {KINDS.map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {s.selectedId !== undefined ? (
            <>
              <ErrorNote text={s.detailError} />
              {s.selected ? <Detail product={s.selected} cart={s.cart} /> : !s.detailError && <p className="loading">Loading the product…</p>}
              <FreshnessNote freshness={s.selectedFreshness} label="product" />
            </>
          ) : (
            <ProductList />
          )}
        </div>
        <Cart cart={s.cart} onLead={() => setLeadOpen(true)} />
      </div>
      {leadOpen && (
        <section className="panel" aria-labelledby="lead-title">
          <h2 id="lead-title">Submit a lead</h2>
          <LeadForm onDone={() => setLeadOpen(false)} note={s.cart && !s.cart.complete ? 'The cart is not complete yet; the lead can be sent anyway and the equipment settled later.' : undefined} />
        </section>
      )}
    </section>
  );
}
