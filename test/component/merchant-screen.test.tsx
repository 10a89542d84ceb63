import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Freshness, HierarchyItemView, MethodOutput } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { MerchantScreen } from '../../renderer/src/screens/merchant/MerchantScreen';
import { installFakePos, pending } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();

const fresh: Freshness = { refreshedAt: '2030-03-01T12:00:00.000Z', source: 'network', offline: false, training: true };
const vocabulary: MethodOutput<'merchant.vocabulary'> = {
  hierarchyLevels: [
    { code: '120', name: 'Location', abbreviation: 'LCTN', field: 1 },
    { code: '100', name: 'Corporate', abbreviation: 'CORP', field: 2 },
    { code: '90', name: 'Lead Corporate', abbreviation: 'LEAD', field: 3 },
    { code: '60', name: 'Agent', abbreviation: 'AGNT', field: 4 },
    { code: '50', name: 'Bank', abbreviation: 'BANK', field: 5 },
    { code: '40', name: 'Business/Owner', abbreviation: 'BSNS', field: 6 },
  ],
  contactTypes: [],
  homeMerchantId: 700025,
  sortFields: ['dbaName', 'city', 'state', 'zipCode', 'mid', 'merchantId', 'externalMerchantId', 'hierarchyLevel'],
};
const merchant = {
  merchantId: 700025,
  mid: '444500700025',
  tradeName: 'Maple Street Bakery #1',
  legalName: 'Maple Street Bakery Inc',
  fields: [
    { key: 'businessType', label: 'Type of business', value: 'Bakery' },
    { key: 'mccIso', label: 'Industry code (MCC)', value: '5462' },
    { key: 'organisationType', label: 'Ownership type', value: 'D', meaning: 'Corporation, private' },
    { key: 'baseCurrencyCode', label: 'Base currency', value: 'USD' },
  ],
};
const lvl = (ids: Array<number | null>) => ids.map((id, i) => ({ n: i + 1, role: ['Outlet', 'Chain', 'Lead corporate', 'Agent', 'Bank', 'Business chain', 'Bank marker'][i]!, id, number: id ? `N${id}` : '' }));
const item = (merchantId: number, level: string, field: number, ids: Array<number | null>): HierarchyItemView => ({
  hierarchyId: 880000 + merchantId - 700000,
  merchantId,
  level: { code: level, label: 'x' },
  dateFrom: '2019-01-01T00:00:00.000Z',
  dateTo: '9999-12-31T23:59:59.000Z',
  levels: lvl(ids),
  matchedField: field,
  matches: true,
});

/** The training book in miniature: outlet 700025 of chain 700013, bank 700001. */
function answerAll(): void {
  pos.answer('merchant.vocabulary', () => vocabulary);
  pos.answer('merchant.get', ({ merchantId }) => ({ merchant: { ...merchant, merchantId: merchantId ?? 700025 }, freshness: fresh }));
  pos.answer('merchant.contacts', () => ({ contacts: [], freshness: fresh }));
  pos.answer('merchant.hierarchies', ({ merchantId, level }) => ({
    items: level === '120' && merchantId === 700025 ? [item(700025, '120', 1, [700025, 700013, 700004, 700002, 700001, 700007, 700001])] : level === '100' && merchantId === 700013 ? [item(700013, '100', 2, [null, 700013, 700004, 700002, 700001, 700007, 700001])] : [],
    pagination: null,
    freshness: fresh,
  }));
  pos.answer('merchant.entitlements', () => ({ entitlements: [], freshness: fresh }));
  pos.answer('merchant.fees', () => ({ fees: [{ feeId: 1, name: 'Monthly service fee', sequenceCode: 'MNTHLY', sequenceType: { code: 'F', label: 'Fee' }, frequency: { code: 'M', label: 'Monthly' }, platform: { code: 'FDN', label: 'North' }, processing: { code: 'N', label: 'No billing' }, generalLedgerCode: 'GL1', retailRate: '9.95', retailDate: '', wholesaleRate: '5.97', wholesaleDate: '', globalNumber: '', updateIndicator: '' }], freshness: fresh }));
  pos.answer('merchant.search', () => ({ results: [], pagination: null }));
}

beforeEach(() => {
  pos.reset();
  resetStores();
  answerAll();
});

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('the Merchant screen', () => {
  it('says it is loading, then shows this store\'s account with its fields in words', async () => {
    const account = pending<MethodOutput<'merchant.get'>>();
    pos.answer('merchant.get', () => account.promise);
    render(<MerchantScreen />);
    await screen.findByText('Loading…');
    await act(async () => account.resolve({ merchant, freshness: fresh }));
    expect((await screen.findByTestId('merchant-name')).textContent).toBe('Maple Street Bakery #1');
    expect(screen.getByText('Merchant id 700025 · MID 444500700025', { exact: false })).toBeTruthy();
    expect(screen.getByText('Ownership type')).toBeTruthy();
    expect(screen.getByTestId('freshness-account').textContent).toMatch(/^Last refreshed/);
    expect(document.body.textContent).not.toContain('merchantId');
  });

  it('says a merchant is not found in words, without a code', async () => {
    pos.answer('merchant.get', () => ({ refuse: { code: 'NOT_FOUND', message: 'The merchant service answered code 1030: the identity information sent … [HTTP 404]' } }));
    render(<MerchantScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No merchant has that id. Check the number, or search by name.');
  });

  it('says when a section is empty', async () => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    tab('Entitlements');
    expect(await screen.findByText('No entitlements on record.')).toBeTruthy();
    tab('Contacts');
    expect(await screen.findByText('No contacts on record.')).toBeTruthy();
  });

  it('shows fees in the base currency with two decimals and their frequency in words', async () => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    tab('Fees');
    const table = await screen.findByRole('table', { name: 'Fees' });
    expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Monthly service fee', 'USD\u00a09.95', 'USD\u00a05.97', 'Monthly', 'No billing', 'Fee']);
  });

  it.each([
    ['12a', 'A merchant id is digits only, and not 0 (for example 700025).'],
    ['0', 'A merchant id is digits only, and not 0 (for example 700025).'],
    ['', 'Enter a merchant id: digits only, as on the merchant statement.'],
    ['1234567890123456', 'A merchant id has at most 15 digits.'],
  ])('refuses the id %j in words and sends nothing', async (typed, words) => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    const before = pos.calls.length;
    const input = screen.getByLabelText('Merchant id');
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(words)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(pos.calls.length).toBe(before);
  });

  it('looks up a well-formed id', async () => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    fireEvent.change(screen.getByLabelText('Merchant id'), { target: { value: ' 700013 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(pos.callsOf('merchant.get').at(-1)).toEqual({ merchantId: 700013 }));
  });

  it('follows a hierarchy link to that merchant at the level of its field, and shows it there', async () => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    tab('Hierarchy');
    await screen.findByText('Location · item 880025');
    expect(document.body.textContent).not.toMatch(/lvl\d/);
    fireEvent.click(screen.getByRole('button', { name: 'Open merchant 700013 at its level, Corporate' }));
    await waitFor(() => expect(pos.callsOf('merchant.hierarchies').at(-1)).toEqual({ merchantId: 700013, level: '100' }));
    const heading = screen.getByTestId('hierarchy-heading');
    expect(heading.textContent).toBe('Merchant 700013 at the Corporate level');
    expect(document.activeElement).toBe(heading);
    await screen.findByText('Corporate · item 880013');
    const matched = document.querySelector('tr.matched');
    expect(matched?.textContent).toContain('700013');
    expect(screen.getByLabelText<HTMLSelectElement>('Level').value).toBe('100');
  });

  it('opens the account for the bank marker, which has no level of its own', async () => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    tab('Hierarchy');
    await screen.findByText('Location · item 880025');
    fireEvent.click(screen.getAllByRole('button', { name: 'Open the account of merchant 700001' })[0]!);
    await waitFor(() => expect(pos.callsOf('merchant.get').at(-1)).toEqual({ merchantId: 700001 }));
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
  });

  it('refuses an empty search or a malformed id before sending, and offers sort fields in words', async () => {
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    tab('Search');
    const form = screen.getByRole('form', { name: 'Merchant search' });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Fill in at least one search field.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Merchant id (exact)'), { target: { value: '70x' } });
    fireEvent.change(within(form).getByLabelText('MID (exact)'), { target: { value: '4445-0070' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('A merchant id is digits only, and not 0 (for example 700025).')).toBeTruthy();
    expect(screen.getByText('A MID is digits only.')).toBeTruthy();
    expect(pos.callsOf('merchant.search')).toEqual([]);
    const sorts = within(within(form).getByLabelText('Sort by')).getAllByRole('option').map((o) => o.textContent);
    expect(sorts).toEqual(['Service order', 'Business name', 'City', 'State', 'Zip', 'MID', 'Merchant id', 'External id', 'Level']);
    expect(within(form).getByLabelText('Level').textContent).not.toMatch(/\d/);

    fireEvent.change(within(form).getByLabelText('Merchant id (exact)'), { target: { value: '700013' } });
    fireEvent.change(within(form).getByLabelText('MID (exact)'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(pos.callsOf('merchant.search')).toEqual([{ merchantId: '700013' }]));
    expect(await screen.findByText('No merchant matches this search.')).toBeTruthy();
  });

  it('shows search results with their level in words', async () => {
    pos.answer('merchant.search', () => ({
      results: [{ merchantId: 700014, mid: '444500700014', level: { code: '100', label: 'Corporate' }, hierarchyLevelAbbreviation: 'CORP', externalMerchantId: 'EXT-1', dbaName: 'Harbor Hardware', city: 'Madison', state: 'WI', zipCode: '53703' }],
      pagination: { rowCount: 1, pageCount: 1, countPerPage: 10, page: 1 },
    }));
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    tab('Search');
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'harbor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 merchant; page 1 of 1, 10 per page')).toBeTruthy();
  });

  it('speaks French when the terminal does', async () => {
    setLanguage('fr');
    render(<MerchantScreen />);
    await screen.findByTestId('merchant-name');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Commerçant');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Compte', 'Adresses', 'Hiérarchie', 'Services', 'Frais', 'Recherche']);
    expect(screen.getByText('Forme juridique')).toBeTruthy();
    tab('Frais');
    const table = await screen.findByRole('table', { name: 'Frais' });
    expect(within(table).getAllByRole('cell')[1]?.textContent).toBe('9,95\u00a0USD');
  });
});
