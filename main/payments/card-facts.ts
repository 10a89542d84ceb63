import { maskPan } from '../../native/card/mask';
import type { SaleView } from '../../preload/contract';
import type { RowPatch } from './journal/journal';
import type { CardSource } from './requests';

/** What the journal keeps of a card: masked (first 6, last 4), brand, last 4, the cardholder's name. */
export type CardColumns = Required<Pick<RowPatch, 'masked' | 'brand' | 'last4' | 'cardholderName'>>;

/**
 * What a sale shows and journals of its card, never the number itself: a card read gives its own
 * masked form; a card typed in is masked with maskPan (first 6, last 4) when it is long enough to
 * be a card number, and shows only `****` otherwise. Pure.
 */
export function cardFacts(source: CardSource): { view: SaleView['card']; columns: CardColumns } {
  if (source.kind === 'read') {
    const m = source.card.masked();
    return {
      view: { brand: m.brand, masked: m.masked, last4: m.last4, expiry: m.expiry, chip: m.chip, ...(m.name ? { name: m.name } : {}) },
      columns: { masked: m.masked, brand: m.brand, last4: m.last4, cardholderName: m.name ?? null },
    };
  }
  const digits = source.card.pan.replace(/\D/g, '');
  const masked = digits.length >= 13 ? maskPan(digits) : null;
  const last4 = digits.slice(-4);
  return {
    view: { brand: 'unknown', masked: masked ?? '****', last4, expiry: null, chip: false, name: source.card.cardholderName.slice(0, 40) },
    columns: { masked, brand: null, last4: last4 || null, cardholderName: source.card.cardholderName },
  };
}
