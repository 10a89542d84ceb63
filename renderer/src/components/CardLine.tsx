import { useT } from '../i18n/i18n';
import { cardBrand } from './payment-words';

/**
 * What a screen knows of a card: always masked (first 6 and last 4 at most). The device read
 * (MaskedCard), a sale's card (SaleView.card) and a journal row all fit this shape.
 */
export interface CardLineCard {
  brand: string | null;
  masked: string | null;
  name?: string | null | undefined;
  /** YYYY-MM; null when the stripe has none; absent when the source does not say. */
  expiry?: string | null | undefined;
  expired?: boolean | undefined;
  chip?: boolean | undefined;
}

/** "12/30", as it is printed on the card. */
function cardExpiry(expiry: string): string {
  const [year = '', month = ''] = expiry.split('-');
  return `${month}/${year.slice(-2)}`;
}

/**
 * A masked card in one line: brand and masked number, then the name on the card and its expiry.
 * `flags` adds "Expired" and the chip-card warning (the Devices screen's test read).
 */
export function CardLine({ card, flags = false, testId }: { card: CardLineCard; flags?: boolean; testId?: string }) {
  const { t } = useT('common');
  if (!card.masked) return <span className="card-line muted">{t('card.none')}</span>;
  return (
    <span className="card-line">
      <strong data-testid={testId}>
        {t(`card.brand.${cardBrand(card.brand)}`)} {card.masked}
      </strong>
      {card.name && <span> · {card.name}</span>}
      {card.expiry !== undefined && <span> · {card.expiry ? t('card.expires', { date: cardExpiry(card.expiry) }) : t('card.noExpiry')}</span>}
      {flags && card.expired && <span className="line-flag tone-bad"> {t('card.expired')}</span>}
      {flags && card.chip && <span className="line-flag tone-warn"> {t('card.chip')}</span>}
    </span>
  );
}
