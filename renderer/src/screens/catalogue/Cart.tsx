import type { CartView } from '../../../../preload/contract';
import { ProblemNote } from '../../components/ProblemNote';
import { money } from '../../components/money';
import { cartInput, catalogueActions, useCatalogueStore } from '../../stores/catalogue-store';
import { useCatalogueWords } from './words';

/** The merchant's equipment: the lines, the choices that call for more, what is missing, and a lead. */
export function Cart({ cart, onLead }: { cart: CartView | undefined; onLead: () => void }) {
  const problem = useCatalogueStore((s) => s.cartProblem);
  const w = useCatalogueWords();
  const t = w.t;
  const input = cartInput(cart);
  const update = (change: (i: typeof input) => void): void => {
    change(input);
    void catalogueActions.setCart(input);
  };
  const price = (cents: number | null): string => (cents === null ? t('cart.noPrice') : money(cents));
  return (
    <aside className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">{t('cart.title')}</h2>
      <fieldset className="choices">
        <legend>{t('cart.wants')}</legend>
        <label className="check">
          <input type="checkbox" checked={input.debit} onChange={(e) => update((i) => void (i.debit = e.target.checked))} />
          {t('cart.debit')}
        </label>
        <label className="check">
          <input type="checkbox" checked={input.checkAcceptance} onChange={(e) => update((i) => void (i.checkAcceptance = e.target.checked))} />
          {t('cart.check')}
        </label>
      </fieldset>
      {cart && cart.items.length === 0 && <p className="muted">{t('cart.empty')}</p>}
      <ul className="cart-lines">
        {cart?.items.map((l, idx) => (
          <li key={`${l.productId}-${l.purchaseType ?? ''}`} className="cart-line">
            <span className="cart-name">
              <strong>{l.name}</strong>
              <span className="muted">
                {w.kind(l.kind, l.typeLabel)} · {t(l.occurrence === 'recurring' ? 'cart.monthly' : 'cart.each', { price: price(l.unitCents) })}
              </span>
            </span>
            {l.choices.length > 1 && (
              <select aria-label={t('cart.option', { name: l.name })} value={l.purchaseType ?? ''} onChange={(e) => update((i) => void (i.items[idx] = { ...i.items[idx]!, purchaseType: e.target.value }))}>
                {l.choices.map((c) => (
                  <option key={c.code} value={c.code}>
                    {w.purchase(c)} {money(c.amountCents)}
                  </option>
                ))}
              </select>
            )}
            <span className="stepper">
              <button type="button" className="button small" aria-label={t('cart.fewer', { name: l.name })} onClick={() => update((i) => (l.quantity <= 1 ? void i.items.splice(idx, 1) : void (i.items[idx]!.quantity = l.quantity - 1)))}>
                −
              </button>
              <span>
                <span className="visually-hidden">{t('cart.quantity', { name: l.name })} </span>
                {l.quantity}
              </span>
              <button type="button" className="button small" aria-label={t('cart.more', { name: l.name })} disabled={l.quantity >= 99} onClick={() => update((i) => void (i.items[idx]!.quantity = Math.min(99, l.quantity + 1)))}>
                +
              </button>
            </span>
          </li>
        ))}
      </ul>
      {cart && (
        <p className="totals">
          {t('cart.totals', { oneTime: money(cart.totals.oneTimeCents), monthly: money(cart.totals.recurringCents) })}
          {cart.totals.unpricedLines > 0 && ` · ${t('cart.unpriced', { count: cart.totals.unpricedLines })}`}
        </p>
      )}
      {cart && cart.missing.length > 0 && (
        <div className="missing" role="alert" aria-label={t('cart.missingLabel')}>
          <strong>{t('cart.missingTitle')}</strong>
          <ul>
            {cart.missing.map((m) => (
              <li key={m.rule}>
                {w.missing(m)}{' '}
                <button type="button" className="link-button" onClick={() => catalogueActions.kind(m.kind)}>
                  {w.show(m)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {cart && cart.complete && <p className="complete tone-ok">{t('cart.complete')}</p>}
      <ProblemNote text={w.problem(problem)} />
      <button type="button" className="button primary wide" onClick={onLead}>
        {t('cart.lead')}
      </button>
    </aside>
  );
}
