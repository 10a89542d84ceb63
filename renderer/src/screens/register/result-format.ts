import { money } from '../../components/money';
import type { AfterApproval } from '../../stores/register-store';
import type { ResultWords } from './result-words';

/** receipts.afterApproval and the Register's answer so far for the sale on screen. */
export interface ReceiptAfter {
  setting: AfterApproval;
  /** The question of this payment's receipt is answered (printed, skipped, or a receipt asked for). */
  handled: boolean;
  /** The receipt shown prints at once. */
  printOnShow: boolean;
  onPrint: () => void;
  onSkip: () => void;
}

/** The amounts a result's words name, in the screen's money. */
export function moneyValues(v: ResultWords['values']): { amount: string; of: string; balance: string } {
  return { amount: money(v.amount ?? 0), of: money(v.of ?? 0), balance: money(v.balance ?? 0) };
}
