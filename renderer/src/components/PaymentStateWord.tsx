import type { PaymentState } from '../../../preload/contract';
import { useT } from '../i18n/i18n';
import { PAYMENT_TONE, type Tone } from './payment-words';

/** What a screen says instead of the state's own word: where the payment stands now ("Voided"). */
export interface SaidInstead {
  /** Why the words differ from the state's, as a stable mark for styles and tests. */
  kind: string;
  words: string;
  tone: Tone;
}

/**
 * A payment's state in a word or two, with its tone mark: a row in History, a queue line. The
 * words always say it; the tone only repeats it. `instead` names where an approved payment stands
 * after what was made from it (History's "Refunded $5.00 of $19.99"), in the same mark.
 */
export function PaymentStateWord({ state, instead }: { state: PaymentState; instead?: SaidInstead | null }) {
  const { t } = useT('common');
  const { words, tone } = instead ?? { words: t(`payment.state.${state}`), tone: PAYMENT_TONE[state] };
  return (
    <span className={`state-word tone-${tone}`} data-state={state} data-standing={instead?.kind}>
      {words}
    </span>
  );
}
