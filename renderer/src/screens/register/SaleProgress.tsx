import { useEffect, useRef, useState } from 'react';
import type { CheckDetails, KeyedCardInput, SaleView } from '../../../../preload/contract';
import { useT } from '../../i18n/i18n';
import { useRegisterStore } from '../../stores/register-store';
import { CheckDetailsForm } from './CheckDetailsForm';
import { KeyedCardForm } from './KeyedCardForm';
import { SIMULATE_CARD, type Simulated } from './sale-words';

/**
 * The changing part of a sale in progress: what went wrong with the last read (main's words: it
 * knows what the reader said), the check details once the check is read, a card typed in while
 * the sale waits for one, and in training the buttons that make the simulated readers read.
 */
export function SaleProgress({ sale, training, onCheckDetails, onSimulate }: {
  sale: SaleView;
  training: boolean;
  onCheckDetails: (details: CheckDetails) => void;
  onSimulate: (what: Simulated) => void;
}) {
  const { t } = useT('register');
  const { t: keyed } = useT('keyed');
  const [typing, setTyping] = useState(false);
  const open = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const waitingForCard = sale.waitingFor === 'card';
  // A form closed without sending gives the focus back to its button: the keyboard carries on from there.
  useEffect(() => {
    if (typing || !refocus.current) return;
    refocus.current = false;
    open.current?.focus();
  }, [typing]);
  const openForm = (): void => {
    setTyping(true);
    useRegisterStore.getState().typingCard(true);
  };
  const closeForm = (): void => {
    refocus.current = true;
    setTyping(false);
    useRegisterStore.getState().typingCard(false);
  };
  const send = (card: KeyedCardInput): void => {
    setTyping(false);
    // The store sends it with the manager's approval and keeps nothing of it (register-store.ts).
    useRegisterStore.getState().keyCard(card);
  };
  return (
    <>
      {/* The slot is kept while empty: a problem appearing does not push the buttons below. */}
      <p className={`sale-problem${sale.problem ? ' error-note' : ''}`} role="alert">
        {sale.problem ?? ''}
      </p>
      {sale.waitingFor === 'check-details' && <CheckDetailsForm onSubmit={onCheckDetails} />}
      {waitingForCard &&
        (typing ? (
          <KeyedCardForm onSend={send} onClose={closeForm} />
        ) : (
          <button ref={open} type="button" className="button keyed-open" onClick={openForm}>
            {keyed('open')}
          </button>
        ))}
      {training && waitingForCard && !typing && (
        <div className="simulate" role="group" aria-label={t('sim.cardLabel')}>
          <span className="muted">{t('sim.training')}</span>
          {SIMULATE_CARD.map(([what, words]) => (
            <button key={what} type="button" className="button" onClick={() => onSimulate(what)}>
              {t(words)}
            </button>
          ))}
        </div>
      )}
      {training && sale.waitingFor === 'check' && (
        <div className="simulate" role="group" aria-label={t('sim.checkLabel')}>
          <span className="muted">{t('sim.training')}</span>
          <button type="button" className="button" onClick={() => onSimulate('check')}>
            {t('sim.check')}
          </button>
        </div>
      )}
    </>
  );
}
