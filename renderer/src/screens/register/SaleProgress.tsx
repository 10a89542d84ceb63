import type { CheckDetails, SaleView } from '../../../../preload/contract';
import { useT } from '../../i18n/i18n';
import { CheckDetailsForm } from './CheckDetailsForm';
import { SIMULATE_CARD, type Simulated } from './sale-words';

/**
 * The changing part of a sale in progress: what went wrong with the last read (main's words: it
 * knows what the reader said), the check details once the check is read, and in training the
 * buttons that make the simulated readers read.
 */
export function SaleProgress({ sale, training, onCheckDetails, onSimulate }: {
  sale: SaleView;
  training: boolean;
  onCheckDetails: (details: CheckDetails) => void;
  onSimulate: (what: Simulated) => void;
}) {
  const { t } = useT('register');
  return (
    <>
      {/* The slot is kept while empty: a problem appearing does not push the buttons below. */}
      <p className={`sale-problem${sale.problem ? ' error-note' : ''}`} role="alert">
        {sale.problem ?? ''}
      </p>
      {sale.waitingFor === 'check-details' && <CheckDetailsForm onSubmit={onCheckDetails} />}
      {training && sale.waitingFor === 'card' && (
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
