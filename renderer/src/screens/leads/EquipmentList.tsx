import type { LeadEquipment } from '../../../../preload/contract';
import { useCatalogueWords } from '../catalogue/words';
import { useLeadWords } from './lead-words';

/** Equipment lines of a cart or of a lead: "2 × KP 107 Countertop Terminal, Purchased". */
export function EquipmentList({ items, label }: { items: readonly LeadEquipment[]; label?: string }) {
  const { t } = useLeadWords();
  const c = useCatalogueWords();
  return (
    <ul className="equipment-list" aria-label={label}>
      {items.map((e) => {
        const option = e.purchaseType ? c.purchase({ code: e.purchaseType, label: e.purchaseLabel ?? e.purchaseType }) : undefined;
        return (
          <li key={`${e.productId}-${e.purchaseType ?? ''}`}>
            {option ? t('equipment.lineOption', { quantity: e.quantity, name: e.name, option }) : t('equipment.line', { quantity: e.quantity, name: e.name })}
          </li>
        );
      })}
    </ul>
  );
}
