import { describe, expect, it } from 'vitest';
import type { PricingOption } from '../../../preload/contract';
import { chosenOption, leadEquipment, mergeCartItems } from '../../../main/marketplace/cart';
import { leadTarget } from '../../../main/marketplace/lead-outbox';

const option = (code: string, occurrence: PricingOption['occurrence'], amountCents: number): PricingOption => ({ code, label: code, meaning: '', occurrence, occurrenceLabel: occurrence, amountCents });
const terminal = [option('LT36', 'recurring', 2500), option('P', 'one-time', 49900), option('RP', 'one-time', 4900)];
const lease = [option('LT36', 'recurring', 2500), option('RP', 'one-time', 4900)];

describe('the cart option of a line', () => {
  it('is the one asked for, else bought outright, else the first paid once, else the first', () => {
    expect(chosenOption(terminal, 'LT36')?.code).toBe('LT36');
    expect(chosenOption(terminal, undefined)?.code).toBe('P');
    expect(chosenOption(lease, undefined)?.code).toBe('RP');
    expect(chosenOption([option('LR', 'recurring', 900)], undefined)?.code).toBe('LR');
    expect(chosenOption(terminal, 'S')).toBeUndefined();
    expect(chosenOption([], undefined)).toBeUndefined();
  });
});

describe('merging cart lines', () => {
  const choicesOf = (id: number) => (id === 1 ? terminal : []);

  it('writes the default option out, so a line added without one joins the same line bought outright', () => {
    expect(mergeCartItems([{ productId: 1, quantity: 1 }, { productId: 1, quantity: 2, purchaseType: 'P' }], choicesOf)).toEqual([{ productId: 1, quantity: 3, purchaseType: 'P' }]);
  });

  it('keeps other options and unpriced products apart, and caps a line at 99', () => {
    expect(
      mergeCartItems(
        [
          { productId: 1, quantity: 60, purchaseType: 'LT36' },
          { productId: 1, quantity: 60, purchaseType: 'LT36' },
          { productId: 1, quantity: 1 },
          { productId: 2, quantity: 1 },
          { productId: 2, quantity: 1, purchaseType: '' },
        ],
        choicesOf,
      ),
    ).toEqual([
      { productId: 1, quantity: 99, purchaseType: 'LT36' },
      { productId: 1, quantity: 1, purchaseType: 'P' },
      { productId: 2, quantity: 2 },
    ]);
  });
});

describe('the equipment that goes with a lead', () => {
  it('keeps what names a line, not its prices or choices', () => {
    const line = { productId: 1, name: 'KP 107 Countertop Terminal', kind: 'TERM', quantity: 2, purchaseType: 'P', purchaseLabel: 'Purchased', unitCents: 49900, choices: terminal };
    expect(leadEquipment([line])).toEqual([{ productId: 1, name: 'KP 107 Countertop Terminal', kind: 'TERM', quantity: 2, purchaseType: 'P', purchaseLabel: 'Purchased' }]);
  });
});

describe('where a lead in the outbox goes', () => {
  it('is its marketplace address, whatever company was set', () => {
    expect(leadTarget('marketplace:https://api.example.com/gw|1001')).toBe('marketplace:https://api.example.com/gw');
    expect(leadTarget('marketplace:https://api.example.com/gw|')).toBe('marketplace:https://api.example.com/gw');
    expect(leadTarget('marketplace:training')).toBe('marketplace:training');
  });
});
