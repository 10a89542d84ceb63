import { boolSetting, enumSetting, intSetting, moneySetting } from '../setting';

/** How a sale takes a card at this lane. */
export const paymentSettings = {
  'payments.chipSwipe': enumSetting(['allow', 'warn', 'refuse'], {
    default: 'warn',
    access: 'manager',
    // Without a chip kernel, a chip card swiped is a fallback transaction: riskier for the merchant.
    description: 'A chip card swiped (this terminal reads no chips): allow, warn the cashier, or refuse.',
  }),
  'payments.cardEntry': enumSetting(['reader', 'pinpad', 'both'], {
    default: 'both',
    access: 'manager',
    description: 'Where the customer swipes: the counter\'s reader, the PIN pad, or both (whichever comes first).',
  }),
  'payments.confirmOnPinpad': boolSetting({
    default: true,
    access: 'manager',
    description: 'The customer confirms the amount (yes/no) on the PIN pad, when there is one.',
  }),
  'payments.partialApproval': boolSetting({
    default: true,
    access: 'manager',
    description: 'Accept partial approvals (PartialRedemption): the balance is left for another tender.',
  }),
  'payments.cardWaitSeconds': intSetting({
    default: 60,
    min: 10,
    max: 300,
    access: 'manager',
    description: 'Seconds a sale waits for a swipe or a check before giving up.',
  }),
  'payments.overrideAbove': moneySetting({
    default: 0,
    min: 0,
    max: 100_000_00,
    access: 'manager',
    description: 'Payments above this amount need the manager PIN, in dollars (e.g. 500.00); 0.00: no limit. Refunds, voids and keyed cards always need it.',
  }),
} as const;
