import { announce } from '../components/Announcer';
import { useRegisterStore } from '../stores/register-store';
import { paymentStep } from './payment-step';
import type { SaleView } from '../../../preload/contract';

/** The same words for the same payment are the same news (two states may say "Sending to the gateway…"). */
const heardAs = (sale: SaleView): string => `${sale.clientRef}|${paymentStep(sale).spoken}`;

/**
 * Says each step and the result of the payment on the Register once, in the page's language, on
 * whichever screen is open: a cashier who cannot see the screen hears "Waiting for the card", then
 * "Sale approved". A repeated view of the same step (a resume, a reconnection) says nothing.
 * Returns how to stop.
 */
export function announceSales(): () => void {
  let said: string | undefined;
  const heard = (): void => {
    const { sale } = useRegisterStore.getState();
    if (!sale) return;
    const key = heardAs(sale);
    if (key === said) return;
    said = key;
    announce(paymentStep(sale).spoken);
  };
  // The sale already on screen (found again after a reload) is not news.
  const { sale } = useRegisterStore.getState();
  if (sale) said = heardAs(sale);
  return useRegisterStore.subscribe((s, prev) => {
    if (s.sale !== prev.sale) heard();
  });
}
