import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartView, Freshness, LeadView, MethodOutput, OutboxEntry } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { LeadsScreen } from '../../renderer/src/screens/leads/LeadsScreen';
import { installFakePos, pending } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();

const fresh: Freshness = { refreshedAt: '2030-03-01T12:00:00.000Z', source: 'network', offline: false, training: true };
const defaults: MethodOutput<'leads.defaults'> = {
  businessConsultantId: 'BC1001',
  fields: { actionType: 'Create', recordType: 'Merchant', bankId: 'TB-0042', campaign_id: 'TRAINING-2026', referenceType: 'LeadSystem', businessConsultantAMAId: 'AMA-55101', leadType: 'Self Sourced', country: 'US' },
  leadTypes: ['Bank Referral', 'Self Sourced', 'Merchant Refer A Friend'],
};
const lead: LeadView = {
  identifier: '00Q000700001', createdDate: '2026-05-04T10:00:00.000Z', companyName: 'Patel Bakery', contactName: 'Avery Patel', emailAddress: 'avery@mail.test', phone: '217-555-0101',
  city: 'Springfield', state: 'IL', zip: '62701', status: 'Working', leadType: 'Bank Referral', annualVolume: '100000', dealId: '', uid: 'u-1', opportunityId: '',
  equipment: [{ productId: 5001, name: 'KP 107 Countertop Terminal', kind: 'TERM', quantity: 2, purchaseType: 'P', purchaseLabel: 'Purchased' }],
};
const emptyCart: CartView = { items: [], debit: false, checkAcceptance: false, missing: [{ rule: 'terminal', kind: 'TERM', message: 'x' }], complete: false, totals: { oneTimeCents: 0, recurringCents: 0, unpricedLines: 0 }, updatedAt: null };
const fullCart: CartView = {
  ...emptyCart,
  items: [
    { productId: 5001, name: 'KP 107 Countertop Terminal', kind: 'TERM', typeLabel: 'Terminal', quantity: 2, purchaseType: 'P', purchaseLabel: 'Purchased', occurrence: 'one-time', unitCents: 49_900, choices: [] },
    { productId: 5041, name: 'NW 150 PIN Pad', kind: 'PINPAD', typeLabel: 'PIN pad', quantity: 1, purchaseType: 'LT36', purchaseLabel: '36 Month Lease', occurrence: 'recurring', unitCents: 900, choices: [] },
  ],
  missing: [],
  complete: true,
};

let cart: CartView;

beforeEach(() => {
  pos.reset();
  resetStores();
  cart = emptyCart;
  pos.answer('leads.defaults', () => defaults);
  pos.answer('leads.list', () => ({ businessConsultantId: 'BC1001', leads: [lead], freshness: fresh }));
  pos.answer('leads.outbox', () => ({ entries: [] }));
  pos.answer('catalogue.cart', () => cart);
});

afterEach(() => {
  cleanup();
  setLanguage('en');
});

/** Fills what a store manager types; the lead system's fields come from the defaults. */
function fillPerson(form: HTMLElement): void {
  for (const [label, value] of [['First name', 'Marta'], ['Last name', 'Quill'], ['Company (DBA) name', 'Quill Stationers'], ['E-mail', 'marta@quill.test'], ['Phone', '217-555-0142'], ['Street address', '12 Paper Lane'], ['City', 'Springfield'], ['State', 'IL'], ['Zip / postal code', '62701'], ['Annual card volume ($)', '180,000']] as const) {
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  }
}

describe('the Leads screen', () => {
  it('says it is loading, then lists the leads with their equipment and type in words', async () => {
    const list = pending<MethodOutput<'leads.list'>>();
    pos.answer('leads.list', () => list.promise);
    render(<LeadsScreen />);
    expect(screen.getByText('Loading the leads…')).toBeTruthy();
    await act(async () => list.resolve({ businessConsultantId: 'BC1001', leads: [lead], freshness: fresh }));
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(within(table).getByText('2 × KP 107 Countertop Terminal, Purchased')).toBeTruthy();
    expect(within(table).getByText('Bank referral')).toBeTruthy();
  });

  it('says when a consultant has no leads', async () => {
    pos.answer('leads.list', () => ({ businessConsultantId: 'BC1009', leads: [], freshness: fresh }));
    render(<LeadsScreen />);
    expect(await screen.findByText('No leads for this consultant.')).toBeTruthy();
  });

  it('says why the list is missing in words, without the method or setting names', async () => {
    pos.answer('leads.list', () => ({ refuse: { code: 'BAD_INPUT', message: 'no business consultant: give one, or set marketplace.businessConsultantId' } }));
    render(<LeadsScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a business consultant id to see their leads.');
    expect(screen.queryByText('No leads for this consultant.')).toBeNull();
  });

  it('keeps showing a lead keyed for another marketplace after the settings changed, with what happens to it', async () => {
    const entry: OutboxEntry = { uid: 'u-9', state: 'pending', company: 'Offline Outfitters', contactName: 'Ola Nordmann', queuedAt: '2030-03-01T11:00:00.000Z', attempts: 3, lastProblem: 'The marketplace service had an internal problem [HTTP 503]', attention: false, nextAttemptAt: null, keptFor: { training: false, url: 'https://old.example.com/gw' } };
    pos.answer('leads.outbox', () => ({ entries: [entry] }));
    render(<LeadsScreen />);
    const outbox = await screen.findByRole('region', { name: 'Waiting to be sent (1)' });
    expect(within(outbox).getByText('Keyed for the marketplace at https://old.example.com/gw: it is sent when that address is set again.')).toBeTruthy();
    expect(outbox.textContent).toContain('3 tries');
    expect(outbox.textContent).not.toContain('HTTP 503');
    pos.answer('leads.discard', () => ({ discarded: true }));
    fireEvent.click(within(outbox).getByRole('button', { name: 'Discard the lead for Offline Outfitters' }));
    await waitFor(() => expect(pos.callsOf('leads.discard')).toEqual([{ uid: 'u-9' }]));
  });

  it('says when a lead is tried again by itself, and offers Discard once it waits for a person', async () => {
    const waiting: OutboxEntry = { uid: 'u-1', state: 'pending', company: 'Soon Ltd', contactName: '', queuedAt: '2030-03-01T11:00:00.000Z', attempts: 2, lastProblem: 'unreachable', attention: false, nextAttemptAt: '2030-03-01T11:04:00.000Z' };
    const stuck: OutboxEntry = { ...waiting, uid: 'u-2', company: 'Stuck Inc', attempts: 10, attention: true, nextAttemptAt: null };
    pos.answer('leads.outbox', () => ({ entries: [waiting, stuck] }));
    render(<LeadsScreen />);
    const outbox = await screen.findByRole('region', { name: 'Waiting to be sent (2)' });
    const [first, second] = within(outbox).getAllByTestId('outbox-entry');
    expect(first?.textContent).toContain('next try by itself about');
    expect(within(first!).queryByRole('button', { name: /Discard/ })).toBeNull();
    expect(second?.textContent).toContain('it is no longer sent by itself');
    expect(within(second!).getByRole('button', { name: 'Discard the lead for Stuck Inc' })).toBeTruthy();
  });

  it('puts the focus in the form when New lead is pressed', async () => {
    render(<LeadsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    expect(document.activeElement).toBe(within(form).getByLabelText('First name'));
  });

  it('opens the section of the marked fields and focuses the first one', async () => {
    pos.answer('leads.create', () => ({ refuse: { code: 'BAD_INPUT', message: 'the lead is not complete: Bank id is required', issues: [{ path: 'bankId', message: 'Bank id is required' }, { path: 'campaign_id', message: 'Campaign id is required' }] } }));
    render(<LeadsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    fillPerson(form);
    const details = form.querySelector('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit lead' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('The lead is not complete. See the marked fields');
    await waitFor(() => expect(details.open).toBe(true));
    expect(document.activeElement).toBe(within(form).getByLabelText('Bank id'));
    expect(within(form).getByLabelText('Campaign id').getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Fill this in.');

    // Closed again and the focus elsewhere: the button opens it and goes there again.
    fireEvent.click(details.querySelector('summary')!);
    within(form).getByLabelText('First name').focus();
    fireEvent.click(within(form).getByRole('button', { name: 'See the marked fields' }));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Bank id')));
    expect(details.open).toBe(true);
  });

  it('sends the cart\'s equipment with the lead and says the cart is empty once the lead is taken', async () => {
    cart = fullCart;
    pos.answer('leads.create', () => {
      cart = emptyCart;
      return { status: 'created', uid: 'u-2', leadId: '00Q000900010', dealId: null, message: 'Lead created', equipment: fullCart.items.map(({ productId, name, kind, quantity, purchaseType, purchaseLabel }) => ({ productId, name, kind, quantity, purchaseType, purchaseLabel })) };
    });
    render(<LeadsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    expect(await within(form).findByText('2 × KP 107 Countertop Terminal, Purchased')).toBeTruthy();
    expect(within(form).getByText('1 × NW 150 PIN Pad, 36-month lease')).toBeTruthy();
    fillPerson(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit lead' }));
    expect((await screen.findByTestId('lead-result')).textContent).toBe('Lead created: 00Q000900010. The cart’s 2 lines went with the lead; the cart is empty now.');
    expect(pos.callsOf('leads.create')[0]).toMatchObject({ first_name: 'Marta', annualVolume: 180000, withCart: true });
    // The form reads the emptied cart again.
    expect(await within(form).findByText(/The cart is empty/)).toBeTruthy();
  });

  it('leaves the cart out when unticked', async () => {
    cart = fullCart;
    pos.answer('leads.create', () => ({ status: 'queued', uid: 'u-3', problem: 'The marketplace service cannot be reached' }));
    render(<LeadsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    fireEvent.click(await within(form).findByRole('checkbox', { name: /Send the cart’s equipment/ }));
    fillPerson(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit lead' }));
    expect((await screen.findByTestId('lead-result')).textContent).toMatch(/^Not sent yet: the marketplace cannot be reached/);
    expect(pos.callsOf('leads.create')[0]).not.toHaveProperty('withCart');
  });

  it('says a refusal in the lead system\'s words, without its code', async () => {
    pos.answer('leads.create', () => ({ status: 'rejected', uid: 'u-4', errorCode: 'DUPLICATE_LEAD', errMessage: 'A lead for this company and zip already exists.', message: 'Lead not created' }));
    render(<LeadsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'New lead' }));
    const form = screen.getByRole('form', { name: 'New lead' });
    fillPerson(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Submit lead' }));
    expect((await screen.findByTestId('lead-result')).textContent).toBe('The lead system refused this lead: A lead for this company and zip already exists.');
  });

  it('speaks French when the terminal does', async () => {
    setLanguage('fr');
    render(<LeadsScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demandes');
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle demande' }));
    expect(screen.getByRole('form', { name: 'Nouvelle demande' })).toBeTruthy();
    expect(screen.getByLabelText('Prénom')).toBeTruthy();
  });
});
