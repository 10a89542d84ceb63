import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleView } from '../../preload/contract';
import { useDocumentTitle } from '../../renderer/src/app/document-title';
import type { ScreenLabel } from '../../renderer/src/app/screens';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { useRegisterStore } from '../../renderer/src/stores/register-store';
import { resetStores } from './reset-stores';
import { sampleSale } from './sample-sale';

const sale = (patch: Partial<SaleView>): SaleView => sampleSale(patch);
const approved = sale({ state: 'approved', final: true, waitingFor: null, approvedCents: 12_34, outcome: { kind: 'approved', message: 'APPROVED', authorizationNum: 'ET1234' } });

function Titled({ screen, fallback }: { screen: ScreenLabel | undefined; fallback?: string }) {
  useDocumentTitle(screen, fallback);
  return null;
}

afterEach(() => {
  cleanup();
  setLanguage('en');
  resetStores();
  document.title = '';
});

describe('useDocumentTitle', () => {
  it('names the screen and the app', () => {
    render(<Titled screen="nav.history" />);
    expect(document.title).toBe('History — Counter POS');
  });

  it('names the payment step, then its result, on the Register', () => {
    render(<Titled screen="nav.register" />);
    expect(document.title).toBe('Register — Counter POS');
    act(() => useRegisterStore.setState({ sale: sale({}) }));
    expect(document.title).toBe('Waiting for the card — Register — Counter POS');
    act(() => useRegisterStore.setState({ sale: approved }));
    expect(document.title).toBe('Sale approved — Register — Counter POS');
    act(() => useRegisterStore.setState({ sale: sale({ state: 'declined', final: true, waitingFor: null, outcome: { kind: 'declined', message: 'DECLINED' } }) }));
    expect(document.title).toBe('Declined — Register — Counter POS');
  });

  it('leaves the payment out on other screens', () => {
    useRegisterStore.setState({ sale: approved });
    render(<Titled screen="nav.queue" />);
    expect(document.title).toBe('Offline queue — Counter POS');
  });

  it('follows the page language', () => {
    useRegisterStore.setState({ sale: sale({}) });
    render(<Titled screen="nav.register" />);
    act(() => setLanguage('fr'));
    expect(document.title).toBe('En attente de la carte — Caisse — Counter POS');
    act(() => useRegisterStore.setState({ sale: approved }));
    expect(document.title).toBe('Vente approuvée — Caisse — Counter POS');
  });

  it('says the set-up or a refused page when no screen is shown', () => {
    render(<Titled screen={undefined} fallback="Set-up" />);
    expect(document.title).toBe('Set-up — Counter POS');
  });
});
