import type { PaymentRow } from '../../../preload/contract';
import { CardLine } from './CardLine';
import { CheckLine } from './CheckLine';

/** What paid a journal row: its card line or its check line (History, the offline queue). */
export function TenderLine({ payment }: { payment: Pick<PaymentRow, 'tender' | 'brand' | 'masked' | 'cardholderName' | 'routing' | 'checkNumber'> }) {
  if (payment.tender === 'check') return <CheckLine check={{ routing: payment.routing, accountMasked: payment.masked, checkNumber: payment.checkNumber }} />;
  return <CardLine card={{ brand: payment.brand, masked: payment.masked, name: payment.cardholderName }} />;
}
