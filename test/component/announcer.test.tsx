import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SaleView } from '../../preload/contract';
import { announceSales } from '../../renderer/src/app/announce-sale';
import { Announcer, announce, resetAnnouncer } from '../../renderer/src/components/Announcer';
import { PinDialog } from '../../renderer/src/components/PinDialog';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { useRegisterStore } from '../../renderer/src/stores/register-store';
import { resetStores } from './reset-stores';
import { sampleSale } from './sample-sale';

const sale = (patch: Partial<SaleView>): SaleView => sampleSale(patch);
const approved = sale({ state: 'approved', final: true, waitingFor: null, approvedCents: 12_34, outcome: { kind: 'approved', message: 'APPROVED', authorizationNum: 'ET1234' } });

/** Every sentence the live region received, in order (each is a new element). */
function said(): string[] {
  return [...screen.getByTestId('announcer').querySelectorAll('p')].map((p) => p.textContent ?? '');
}

let stop: () => void = () => undefined;
const heard: string[] = [];
let observer: MutationObserver | undefined;
beforeEach(() => {
  render(<Announcer />);
  const region = screen.getByTestId('announcer');
  observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) heard.push(n.textContent ?? '');
  });
  observer.observe(region, { childList: true });
});
afterEach(() => {
  stop();
  observer?.disconnect();
  heard.length = 0;
  cleanup();
  resetAnnouncer();
  setLanguage('en');
  resetStores();
});

/** MutationObserver reports after a microtask. */
const settle = (): Promise<void> => act(() => Promise.resolve());

describe('the Announcer', () => {
  it('is one polite live region, present before anything is said', () => {
    const region = screen.getByTestId('announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('role')).toBe('status');
    expect(said()).toEqual([]);
  });

  it('says the same sentence again as a new element', async () => {
    act(() => announce('Sale approved.'));
    act(() => announce('Sale approved.'));
    await settle();
    expect(heard).toEqual(['Sale approved.', 'Sale approved.']);
  });
});

describe('announceSales', () => {
  it('says each step and the result of a payment once', async () => {
    stop = announceSales();
    act(() => useRegisterStore.setState({ sale: sale({}) }));
    // The same step seen again (a resume, another field changing) says nothing.
    act(() => useRegisterStore.setState({ sale: sale({ updatedAt: '2030-03-01T17:30:01.000Z' }) }));
    act(() => useRegisterStore.setState({ sale: sale({ state: 'sending', waitingFor: 'gateway' }) }));
    act(() => useRegisterStore.setState({ sale: approved }));
    act(() => useRegisterStore.setState({ sale: { ...approved } }));
    await settle();
    expect(heard).toEqual([
      'Swipe the card, or ask the customer to swipe it on the PIN pad.',
      'Sending to the gateway…',
      'Sale approved. Give the customer the receipt.',
    ]);
  });

  it('says nothing of the sale already on screen when it starts', async () => {
    useRegisterStore.setState({ sale: approved });
    stop = announceSales();
    act(() => useRegisterStore.setState({ sale: { ...approved } }));
    await settle();
    expect(heard).toEqual([]);
  });

  it('speaks the page language', async () => {
    setLanguage('fr');
    stop = announceSales();
    act(() => useRegisterStore.setState({ sale: sale({}) }));
    act(() => useRegisterStore.setState({ sale: approved }));
    await settle();
    expect(heard[0]).toBe('Glissez la carte, ou demandez au client de la glisser sur le clavier NIP.');
    expect(heard[1]).toMatch(/^Vente approuvée\. /);
  });

  it('says a declined payment and what to do', async () => {
    stop = announceSales();
    act(() => useRegisterStore.setState({ sale: sale({ state: 'declined', final: true, waitingFor: null, outcome: { kind: 'declined', message: 'DECLINED' } }) }));
    await settle();
    expect(heard[0]).toMatch(/^Declined\. /);
  });
});

describe('the manager PIN dialog', () => {
  it('says what happens while it is open inside itself, as the page behind a modal dialog is inert: only what came after it opened', async () => {
    act(() => announce('Swipe the card.'));
    render(<PinDialog why="Approve the keyed card." busy={false} onSubmit={() => undefined} onClose={() => undefined} />);
    const region = screen.getByTestId('dialog-announcer');
    expect(region.closest('dialog')).not.toBeNull();
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => announce('Sale timed out: nothing was sent.'));
    expect(region.textContent).toBe('Sale timed out: nothing was sent.');
  });
});
