import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartInput, CartView, Freshness, MethodInput, MethodOutput, ProductDetail, ProductSummary } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { CatalogueIndex } from '../../main/marketplace/catalogue-index';
import { CatalogueScreen } from '../../renderer/src/screens/catalogue/CatalogueScreen';
import { installFakePos, pending } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();

// happy-dom lays nothing out: the virtualised list is given a viewport so that its rows render.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });

const fresh: Freshness = { refreshedAt: '2030-03-01T12:00:00.000Z', source: 'network', offline: false, training: true };
const summary = (productId: number, name: string, kind: string): ProductSummary => ({
  productId, name, supplierName: 'Keystone Payments', supplierProductName: name.toUpperCase(), type: kind === 'TERM' ? 'ITERM' : kind, kind, typeLabel: kind, shortDescription: '',
  categoryIds: [100], tags: [], pinPad: false, hasOptions: false, showOnCart: true, imageCount: 0,
});
const products = [summary(5001, 'KP 107 Countertop Terminal', 'TERM'), summary(5041, 'NW 150 PIN Pad', 'PINPAD'), summary(5066, 'MC 300 Check Reader', 'CHKRDR')];
const detail: ProductDetail = {
  ...products[0]!, longDescription: 'A countertop terminal.', priceCents: 49_999,
  pricing: [
    { code: 'P', label: 'Purchased', meaning: 'Paid once to buy', occurrence: 'one-time', occurrenceLabel: 'Paid once', amountCents: 49_999 },
    { code: 'LT36', label: '36 Month Lease', meaning: 'Paid monthly for 36 months to lease', occurrence: 'recurring', occurrenceLabel: 'Paid periodically', amountCents: 1_875, months: 36 },
  ],
  features: [], includes: [], specs: [], recommended: [], faq: [], options: [], missingParts: [{ part: 'faq', problem: 'The marketplace service has no such record [HTTP 404]' }],
};

/** A cart as main answers it: lines priced from the details, the equipment rules applied. */
function cartView(input: CartInput): CartView {
  const items = input.items.map((i) => ({ productId: i.productId, name: products.find((p) => p.productId === i.productId)?.name ?? '?', kind: products.find((p) => p.productId === i.productId)?.kind ?? 'OTHER', typeLabel: 'x', quantity: i.quantity, purchaseType: i.purchaseType ?? 'P', purchaseLabel: 'Purchased', occurrence: 'one-time' as const, unitCents: 49_999, choices: [] }));
  const has = (kind: string) => items.some((i) => i.kind === kind);
  const missing = [
    ...(has('TERM') ? [] : [{ rule: 'terminal' as const, kind: 'TERM' as const, message: 'm' }]),
    ...(input.debit && !has('PINPAD') ? [{ rule: 'pinpad' as const, kind: 'PINPAD' as const, message: 'm' }] : []),
    ...(input.checkAcceptance && !has('CHKRDR') ? [{ rule: 'check-reader' as const, kind: 'CHKRDR' as const, message: 'm' }] : []),
  ];
  return { items, debit: input.debit, checkAcceptance: input.checkAcceptance, missing, complete: missing.length === 0, totals: { oneTimeCents: items.reduce((s, i) => s + i.unitCents * i.quantity, 0), recurringCents: 0, unpricedLines: 0 }, updatedAt: null };
}

let cart: CartView;

/** The names in the result list, in its order (rows in view: happy-dom's viewport holds them all here). */
const rowNames = (): Array<string | undefined> => {
  const results = screen.queryByRole('grid', { name: 'Product results' });
  return results ? within(results).queryAllByRole('row').map((row) => row.querySelector('strong')?.textContent ?? undefined) : [];
};
const list = (input: MethodInput<'catalogue.products'>): MethodOutput<'catalogue.products'> => {
  const found = products.filter((p) => (!input.kind || p.kind === input.kind) && (!input.query || p.name.toLowerCase().includes(input.query.toLowerCase())));
  return { products: found, total: found.length, freshness: fresh };
};

beforeEach(() => {
  pos.reset();
  resetStores();
  cart = cartView({ items: [], debit: false, checkAcceptance: false });
  pos.answer('catalogue.categories', () => ({ categories: [{ id: 100, name: 'RETAIL', label: 'Retail', rank: 1, hasImage: false }], freshness: fresh }));
  pos.answer('catalogue.products', list);
  pos.answer('catalogue.product', ({ productId }) => ({ product: { ...detail, ...products.find((p) => p.productId === productId) }, freshness: fresh }));
  pos.answer('catalogue.cart', () => cart);
  pos.answer('catalogue.cart.set', (input) => (cart = cartView(input)));
  pos.answer('leads.defaults', () => ({ businessConsultantId: 'BC1001', fields: {}, leadTypes: ['Self Sourced'] }));
});

afterEach(() => {
  cleanup();
  setLanguage('en');
  vi.restoreAllMocks();
});

describe('the Catalogue screen', () => {
  it('says it is loading before the first list, then counts the products', async () => {
    const first = pending<MethodOutput<'catalogue.products'>>();
    pos.answer('catalogue.products', () => first.promise);
    render(<CatalogueScreen />);
    expect(screen.getByText('Loading the catalogue…')).toBeTruthy();
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
    await act(async () => first.resolve(list({})));
    expect(await screen.findByText('3 products')).toBeTruthy();
  });

  it('says nothing matches the filters and clears them', async () => {
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzqx' } });
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('3 products')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('');
    // The words never left the page.
    expect(pos.callsOf('catalogue.products').every((c) => c.query === undefined)).toBe(true);
  });

  it('filters as each key is typed, in the same task, without asking the terminal', async () => {
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    const before = pos.calls.length;
    const search = screen.getByLabelText('Search');
    // No await between a keystroke and its list: the list is there once the change event returns.
    for (const [typed, count, names] of [
      ['p', '3 products', ['KP 107 Countertop Terminal', 'NW 150 PIN Pad', 'MC 300 Check Reader']],
      ['pi', '1 product', ['NW 150 PIN Pad']],
      ['pin', '1 product', ['NW 150 PIN Pad']],
      ['pin ', '1 product', ['NW 150 PIN Pad']],
      ['pin r', 'Nothing matches these filters.', []],
      ['', '3 products', ['KP 107 Countertop Terminal', 'NW 150 PIN Pad', 'MC 300 Check Reader']],
      ['CHÉCK', '1 product', ['MC 300 Check Reader']],
    ] as const) {
      fireEvent.change(search, { target: { value: typed } });
      expect(screen.getByText(count), typed).toBeTruthy();
      expect(rowNames(), typed).toEqual(names);
    }
    expect(pos.calls.slice(before)).toEqual([]);
  });

  it('lists what main’s index would answer, in its order, for the same words', async () => {
    const many = Array.from({ length: 60 }, (_, i) => summary(6000 + i, `${['Northwind', 'Café', 'Receipt printer', 'PIN pad'][i % 4]!} series ${i}`, ['TERM', 'PINPAD', 'PRINTER'][i % 3]!));
    const index = new CatalogueIndex(many);
    pos.answer('catalogue.products', (input) => ({ ...index.search(input), freshness: fresh }));
    render(<CatalogueScreen />);
    await screen.findByText('60 products');
    for (const query of ['cafe', 'series 1', 'pad', 'printer series', 'north 5', 'pinpad 2', 'zzqx']) {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: query } });
      const shown = rowNames();
      const main = index.search({ query, limit: 500 });
      expect(shown, query).toEqual(main.products.slice(0, shown.length).map((p) => p.name));
      expect(shown.length, query).toBe(Math.min(main.total, shown.length || 0));
      if (main.total > 0) expect(screen.getByText(`${main.total} product${main.total === 1 ? '' : 's'}`), query).toBeTruthy();
      else expect(screen.getByText('Nothing matches these filters.')).toBeTruthy();
    }
    expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }]);
  });

  it('filters by category and type in the page, asking main only whether its list is still current', async () => {
    products.push({ ...summary(5090, 'Stand for a PIN pad', 'OTHER'), categoryIds: [200] });
    pos.answer('catalogue.categories', () => ({ categories: [{ id: 100, name: 'RETAIL', label: 'Retail', rank: 1, hasImage: false }, { id: 200, name: 'EXTRAS', label: 'Extras', rank: 2, hasImage: false }], freshness: fresh }));
    try {
      render(<CatalogueScreen />);
      await screen.findByText('4 products');
      fireEvent.click(screen.getByRole('button', { name: 'Extras' }));
      expect(screen.getByText('1 product')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pin' } });
      expect(rowNames()).toEqual(['Stand for a PIN pad']);
      fireEvent.click(screen.getByRole('button', { name: 'All categories' }));
      // Every word matches a name here, so the order is main's: by name.
      expect(rowNames()).toEqual(['NW 150 PIN Pad', 'Stand for a PIN pad']);
      fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'PINPAD' } });
      expect(rowNames()).toEqual(['NW 150 PIN Pad']);
      await waitFor(() => expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }, { limit: 1 }, { limit: 1 }, { limit: 1 }]));
    } finally {
      products.pop();
    }
  });

  it('reads the whole list again when main says the catalogue changed, keeping the words typed', async () => {
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pin' } });
    expect(screen.getByText('1 product')).toBeTruthy();
    const newer = { ...fresh, refreshedAt: '2030-03-01T13:00:00.000Z' };
    pos.answer('catalogue.products', () => ({ products: [...products, summary(5042, 'NW 160 PIN Pad', 'PINPAD')], total: 4, freshness: newer }));
    act(() => pos.emit('catalogue.changed', { scope: 'lists', freshness: newer }));
    expect(await screen.findByText('2 products')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('pin');
    expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }, { limit: 1 }, { limit: 20_000 }]);
  });

  it('reads no product again on a notice that leaves main’s list as it was (categories refreshed, a refresh that failed)', async () => {
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    act(() => pos.emit('catalogue.changed', { scope: 'lists', freshness: { ...fresh, refreshedAt: '2030-03-01T12:30:00.000Z' } }));
    await waitFor(() => expect(pos.callsOf('catalogue.categories')).toHaveLength(2));
    await waitFor(() => expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }, { limit: 1 }]));
    expect(screen.getByText('3 products')).toBeTruthy();
  });

  it('reads the list once after a refresh, though main also announces it', async () => {
    const newer = { ...fresh, refreshedAt: '2030-03-01T13:00:00.000Z' };
    // The list announced is still being read when the refresh answers.
    const whole = pending<MethodOutput<'catalogue.products'>>();
    pos.answer('catalogue.refresh', () => {
      pos.answer('catalogue.products', (input) => (input.limit === 20_000 ? whole.promise : { ...list(input), freshness: newer }));
      pos.emit('catalogue.changed', { scope: 'lists', freshness: newer });
      return { freshness: newer, products: 3, categories: 1 };
    });
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(pos.callsOf('catalogue.categories')).toHaveLength(3));
    await waitFor(() => expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }, { limit: 1 }, { limit: 20_000 }, { limit: 1 }]));
    await act(async () => whole.resolve({ ...list({}), products: [...products, summary(5042, 'NW 160 PIN Pad', 'PINPAD')], total: 4, freshness: newer }));
    expect(await screen.findByText('4 products')).toBeTruthy();
    expect(pos.callsOf('catalogue.products').filter((c) => c.limit === 20_000)).toHaveLength(2);
  });

  it('reads the list again when a filter change shows main holds a newer one', async () => {
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    const newer = { ...fresh, refreshedAt: '2030-03-01T13:00:00.000Z' };
    pos.answer('catalogue.products', (input) => ({ ...list(input), freshness: newer }));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'TERM' } });
    await waitFor(() => expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }, { limit: 1 }, { limit: 20_000 }]));
    expect(await screen.findByText('1 product')).toBeTruthy();
  });

  it('leaves the filtering to main when the catalogue is larger than one answer holds', async () => {
    pos.answer('catalogue.products', (input) => {
      const r = list(input);
      // Main holds 30,000 products; the test answers with the ones it has and main's count.
      return input.query || input.kind ? r : { ...r, products: r.products.slice(0, input.limit), total: 30_000 };
    });
    render(<CatalogueScreen />);
    expect(await screen.findByText(/^Showing the first 3 of 30.?000 products/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pin' } });
    expect(await screen.findByText('1 product')).toBeTruthy();
    expect(pos.callsOf('catalogue.products')).toEqual([{ limit: 20_000 }, { limit: 500 }, { limit: 500, query: 'pin' }]);
  });

  it('says why when the catalogue cannot be read, not that nothing matches', async () => {
    const unreachable = { refuse: { code: 'UNAVAILABLE' as const, message: 'The marketplace service cannot be reached (network down or service stopped)' } };
    pos.answer('catalogue.products', () => unreachable);
    pos.answer('catalogue.categories', () => unreachable);
    render(<CatalogueScreen />);
    expect(await screen.findByText('The marketplace service cannot be reached or refused this terminal. What was saved before is shown; try again in a moment.')).toBeTruthy();
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
  });

  it('offers every product type in words', async () => {
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    const options = within(screen.getByLabelText('Type')).getAllByRole('option').map((o) => o.textContent ?? '');
    expect(options).toHaveLength(22);
    expect(options.slice(0, 4)).toEqual(['All types', 'Terminals', 'PIN pads', 'Check readers']);
    for (const o of options) expect(o).not.toMatch(/_|^[A-Z_]+$/);
    // A spelling like ITERM is listed by its documented kind.
    expect(screen.getByText('Terminal · Keystone Payments')).toBeTruthy();
  });

  it('shows a product with its options in words and adds it to the cart', async () => {
    render(<CatalogueScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /^KP 107 Countertop Terminal/ }));
    expect((await screen.findByTestId('product-price')).textContent).toBe('$499.99');
    expect(screen.getByText('36-month lease')).toBeTruthy();
    expect(screen.getByText('Not available right now: questions.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add KP 107 Countertop Terminal, 36-month lease' }));
    await waitFor(() => expect(pos.callsOf('catalogue.cart.set').at(-1)).toEqual({ items: [{ productId: 5001, quantity: 1, purchaseType: 'LT36' }], debit: false, checkAcceptance: false }));
  });

  it('applies the equipment rules: debit needs a PIN pad, and the missing kind is one press away', async () => {
    cart = cartView({ items: [{ productId: 5001, quantity: 1 }], debit: false, checkAcceptance: false });
    render(<CatalogueScreen />);
    expect(await screen.findByText('Everything the merchant needs is in the cart.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^KP 107 Countertop Terminal/ }));
    await screen.findByTestId('product-price');
    fireEvent.click(screen.getByLabelText('Debit (needs a PIN pad)'));
    const missing = await screen.findByRole('alert', { name: 'Missing equipment' });
    expect(missing.textContent).toContain('Add a PIN pad: debit processing is chosen, and debit needs a PIN pad.');
    fireEvent.click(within(missing).getByRole('button', { name: 'Show PIN pads' }));
    // The list comes back (not the product still open), showing PIN pads.
    expect(await screen.findByText('1 product')).toBeTruthy();
    expect(screen.queryByTestId('product-price')).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('PINPAD');
    fireEvent.click(screen.getByRole('button', { name: /^NW 150 PIN Pad/ }));
    await screen.findByTestId('product-price');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Everything the merchant needs is in the cart.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Check acceptance (needs a check reader)'));
    expect((await screen.findByRole('alert', { name: 'Missing equipment' })).textContent).toContain('Add a check reader');
    // Quantities: one more, one fewer, and the last one fewer takes the line out.
    fireEvent.click(screen.getByRole('button', { name: 'One more NW 150 PIN Pad' }));
    await waitFor(() => expect(pos.callsOf('catalogue.cart.set').at(-1)?.items).toContainEqual({ productId: 5041, quantity: 2, purchaseType: 'P' }));
    fireEvent.click(await screen.findByRole('button', { name: 'One fewer NW 150 PIN Pad' }));
    fireEvent.click(await screen.findByRole('button', { name: 'One fewer NW 150 PIN Pad' }));
    await waitFor(() => expect(pos.callsOf('catalogue.cart.set').at(-1)?.items.map((i) => i.productId)).toEqual([5001]));
  });

  it('brings the lead form into view with the focus in it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<CatalogueScreen />);
    await screen.findByText('3 products');
    fireEvent.click(screen.getByRole('button', { name: 'Submit a lead for this merchant' }));
    const form = await screen.findByRole('form', { name: 'New lead' });
    expect(document.activeElement).toBe(within(form).getByLabelText('First name'));
    expect(scrolled).toHaveBeenCalled();
    // Pressed again with the focus elsewhere: back to the form.
    screen.getByLabelText('Search').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Submit a lead for this merchant' }));
    expect(document.activeElement).toBe(within(form).getByLabelText('First name'));
    expect(scrolled).toHaveBeenCalledTimes(2);
  });

  it('speaks French when the terminal does, money included', async () => {
    setLanguage('fr');
    cart = cartView({ items: [{ productId: 5001, quantity: 2 }], debit: false, checkAcceptance: false });
    render(<CatalogueScreen />);
    expect(await screen.findByText('3 produits')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Panier d’équipement' })).toBeTruthy();
    expect(screen.getByText(/Une fois 999,98\s\$/)).toBeTruthy();
  });
});
