import type { CartInput, LeadEquipment, PricingOption } from '../../preload/contract';

/** Pure rules of the equipment cart: which purchase option a line takes, and one line per product and option. */

type CartItem = CartInput['items'][number];

/**
 * The option a line is priced with: the one asked for; without one, bought outright (`P`), else
 * the first paid once, else the first. An option the product does not offer prices nothing.
 */
export function chosenOption(choices: readonly PricingOption[], purchaseType: string | undefined): PricingOption | undefined {
  if (purchaseType) return choices.find((c) => c.code === purchaseType);
  return choices.find((c) => c.code === 'P') ?? choices.find((c) => c.occurrence === 'one-time') ?? choices[0];
}

/**
 * The cart's lines with each option written out (a line added without one takes the product's
 * default) and lines of the same product and option merged: "Add to cart" and "Add, Purchased"
 * of one product make one line of two, not two lines that look the same.
 */
export function mergeCartItems(items: readonly CartItem[], choicesOf: (productId: number) => readonly PricingOption[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of items) {
    const purchaseType = item.purchaseType || chosenOption(choicesOf(item.productId), undefined)?.code;
    const key = `${item.productId}|${purchaseType ?? ''}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, quantity: Math.min(99, prev.quantity + item.quantity) } : { productId: item.productId, quantity: item.quantity, ...(purchaseType ? { purchaseType } : {}) });
  }
  return [...merged.values()];
}

/** The cart's lines as they go with a lead. */
export function leadEquipment(lines: ReadonlyArray<{ productId: number; name: string; kind: string; quantity: number; purchaseType: string | null; purchaseLabel: string | null }>): LeadEquipment[] {
  return lines.map(({ productId, name, kind, quantity, purchaseType, purchaseLabel }) => ({ productId, name, kind, quantity, purchaseType, purchaseLabel }));
}
