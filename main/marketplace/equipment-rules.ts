import { productTypeCode, PRODUCT_TYPES, type ProductTypeCode } from './labels';

/**
 * The catalogue's equipment rules, as a pure function of what is in the cart and what the
 * merchant chose: at least one TERM product to onboard a merchant, a PINPAD product when debit
 * is chosen, a CHKRDR product when check acceptance is chosen. `Terminal` and `ITERM` count as
 * TERM (see labels.ts). A PIN pad built into a terminal does not replace the PINPAD line the
 * rule asks for.
 */

export interface CartEntry {
  productId: number;
  /** productType as the service spelled it. */
  productType: string;
  quantity: number;
}

export interface CartChoices {
  debit: boolean;
  checkAcceptance: boolean;
  /** Onboarding a new merchant (the screens always are); false only for add-on orders. */
  onboarding?: boolean;
}

export type RuleName = 'terminal' | 'pinpad' | 'check-reader';

export interface Missing {
  rule: RuleName;
  kind: Extract<ProductTypeCode, 'TERM' | 'PINPAD' | 'CHKRDR'>;
  message: string;
}

interface Rule {
  rule: RuleName;
  kind: Missing['kind'];
  applies(choices: CartChoices): boolean;
  message: string;
}

const RULES: readonly Rule[] = [
  {
    rule: 'terminal',
    kind: 'TERM',
    applies: (c) => c.onboarding !== false,
    message: `Add at least one ${PRODUCT_TYPES.TERM.toLowerCase()}: a new merchant cannot be onboarded without one.`,
  },
  {
    rule: 'pinpad',
    kind: 'PINPAD',
    applies: (c) => c.debit,
    message: 'Add a PIN pad: debit processing is chosen, and debit needs a PIN pad.',
  },
  {
    rule: 'check-reader',
    kind: 'CHKRDR',
    applies: (c) => c.checkAcceptance,
    message: 'Add a check reader: check acceptance is chosen, and it needs a check reader.',
  },
];

/** Quantity per documented type code in the cart. */
export function countByKind(entries: readonly CartEntry[]): Map<ProductTypeCode, number> {
  const counts = new Map<ProductTypeCode, number>();
  for (const e of entries) {
    if (e.quantity <= 0) continue;
    const kind = productTypeCode(e.productType);
    counts.set(kind, (counts.get(kind) ?? 0) + e.quantity);
  }
  return counts;
}

/** What the cart still lacks, in rule order; empty when it may be ordered. */
export function missingEquipment(entries: readonly CartEntry[], choices: CartChoices): Missing[] {
  const counts = countByKind(entries);
  return RULES.filter((r) => r.applies(choices) && (counts.get(r.kind) ?? 0) === 0).map(({ rule, kind, message }) => ({ rule, kind, message }));
}

/** Which types the rules call for, whatever the cart holds (for highlighting in the catalogue). */
export function requiredKinds(choices: CartChoices): Missing['kind'][] {
  return RULES.filter((r) => r.applies(choices)).map((r) => r.kind);
}
