import type { CheckDetails, SaleView, SimCard } from '../../../../preload/contract';

/**
 * The Register's words for a sale, chosen from the view's fields (`waitingFor`, `state`,
 * `outcome.kind`) rather than main's sentence, so every language says all of it. Keys of the
 * `register` namespace.
 */

/** Partly approved: the approval left a balance to pay with another tender. */
export function partlyApproved(sale: SaleView): boolean {
  return sale.state === 'approved' && sale.balanceDueCents > 0;
}

export type Simulated = SimCard | 'check' | 'pinpad';

/** The training buttons: what the simulated readers read. */
export const SIMULATE_CARD = [
  ['visa', 'sim.visa'],
  ['mastercard', 'sim.mastercard'],
  ['chip', 'sim.chip'],
  ['expired', 'sim.expired'],
  ['pinpad', 'sim.pinpad'],
] as const satisfies ReadonlyArray<readonly [Simulated, string]>;

export type CustomerIdType = NonNullable<CheckDetails['idType']>;

/** The gateway's CustomerIDType values, as the cashier picks them. */
export const ID_TYPES = [
  [0, 'details.id.0'],
  [1, 'details.id.1'],
  [2, 'details.id.2'],
  [3, 'details.id.3'],
] as const satisfies ReadonlyArray<readonly [CustomerIdType, string]>;
