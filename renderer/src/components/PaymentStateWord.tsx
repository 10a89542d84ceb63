import type { PaymentState } from '../../../preload/contract';
import { useT } from '../i18n/i18n';
import { PAYMENT_STATE } from './payment-words';

/** A payment's state in a word or two, with its tone mark: a row in History, a queue line. */
export function PaymentStateWord({ state }: { state: PaymentState }) {
  const { t } = useT('common');
  const { words, tone } = PAYMENT_STATE[state];
  return (
    <span className={`state-word tone-${tone}`} data-state={state}>
      {t(words)}
    </span>
  );
}
