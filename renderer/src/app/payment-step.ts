import type { SaleView } from '../../../preload/contract';
import { i18n } from '../i18n/i18n';
import { moneyValues } from '../screens/register/result-format';
import { resultWords } from '../screens/register/result-words';

export interface StepWords {
  /** For the document title: "Sale approved", "Waiting for the card". */
  short: string;
  /** Said to a screen reader: the Register's own status line, and for a result what to do next. */
  spoken: string;
}

/**
 * Where a payment is, in the page's language (read at each call), with the Register's words: its
 * result (resultWords), the step it waits for (`wait.<step>`), else its state's sentence.
 */
export function paymentStep(sale: SaleView): StepWords {
  const app = i18n.getFixedT(null, 'app');
  const register = i18n.getFixedT(null, 'register');
  const common = i18n.getFixedT(null, 'common');
  if (sale.final) {
    const result = resultWords(sale);
    const values = moneyValues(result.values);
    const short = register(result.words, values);
    return { short, spoken: `${short}. ${register(result.next, values)}` };
  }
  if (sale.waitingFor) return { short: app(`title.wait.${sale.waitingFor}`), spoken: register(`wait.${sale.waitingFor}`) };
  return { short: common(`payment.state.${sale.state}`), spoken: common(`payment.sentence.${sale.state}`) };
}
