import type { SaleView } from '../../../preload/contract';
import { PAYMENT_SENTENCE, PAYMENT_STATE } from '../components/payment-words';
import { i18n } from '../i18n/i18n';
import { moneyValues } from '../screens/register/result-format';
import { resultWords } from '../screens/register/result-words';
import { WAITING } from '../screens/register/sale-words';

/** A sale's step in a few words for the window title, by what it waits for (the Register's sentences are too long for a title). */
const TITLE_WAITING = {
  tender: 'title.wait.tender',
  card: 'title.wait.card',
  check: 'title.wait.check',
  'check-details': 'title.wait.check-details',
  'customer-confirm': 'title.wait.customer-confirm',
  gateway: 'title.wait.gateway',
} as const satisfies Record<NonNullable<SaleView['waitingFor']>, string>;

export interface StepWords {
  /** For the document title: "Sale approved", "Waiting for the card". */
  short: string;
  /** Said to a screen reader: the Register's own status line, and for a result what to do next. */
  spoken: string;
}

/**
 * Where a payment is, in the page's language (read at each call), with the Register's words: its
 * result (resultWords), the step it waits for (WAITING), else its state's sentence.
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
  if (sale.waitingFor) return { short: app(TITLE_WAITING[sale.waitingFor]), spoken: register(WAITING[sale.waitingFor]) };
  return { short: common(PAYMENT_STATE[sale.state].words), spoken: common(PAYMENT_SENTENCE[sale.state]) };
}
