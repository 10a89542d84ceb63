import { boolSetting, formatDollars, intSetting, listSetting, moneySetting, settingRule } from '../setting';

/**
 * Store-and-forward: card and check payments taken while the gateway cannot be reached, forwarded
 * later. A decline at forwarding is the merchant's loss, so offline is off until a manager turns it
 * on, and the limits sit well below common practice (Clover: $500 a payment, $5,000 in all, 7 days;
 * Datacap: $500, 100 payments, 48 h): this terminal reads only magnetic stripes, with no chip
 * cryptogram behind an offline approval.
 */
export const OFFLINE_PAYMENT_TYPES = ['sale', 'preauth', 'completion', 'refund', 'void', 'verify'] as const;
export type OfflinePaymentType = (typeof OFFLINE_PAYMENT_TYPES)[number];

export const offlineSettings = {
  'offline.enabled': boolSetting({
    default: false,
    access: 'manager',
    description: 'Take payments while the gateway cannot be reached and forward them later. The merchant carries the risk of a later decline.',
  }),
  'offline.maxAmount': moneySetting({
    default: 100_00,
    min: 1,
    max: 100_000_00,
    access: 'manager',
    description: 'Largest single payment taken offline, in dollars (e.g. 100.00).',
  }),
  'offline.maxTotal': moneySetting({
    default: 1_000_00,
    min: 1,
    max: 1_000_000_00,
    access: 'manager',
    description: 'Most money that may wait offline at once, in dollars; further payments need the gateway.',
  }),
  'offline.maxCount': intSetting({
    default: 50,
    min: 1,
    max: 10_000,
    access: 'manager',
    description: 'Most payments that may wait offline at once.',
  }),
  'offline.maxAgeHours': intSetting({
    default: 48,
    min: 1,
    max: 720,
    access: 'manager',
    description: 'Hours a stored payment may wait; after that it is flagged expired for the manager.',
  }),
  'offline.types': listSetting(OFFLINE_PAYMENT_TYPES, {
    default: ['sale'],
    access: 'manager',
    description: `Payment types that may be taken offline: some of ${OFFLINE_PAYMENT_TYPES.join(', ')} (JSON list or comma list, e.g. sale,preauth).`,
  }),
  'offline.checks': boolSetting({
    default: false,
    access: 'manager',
    description: 'Checks may be taken offline.',
  }),
  'offline.keyed': boolSetting({
    default: false,
    access: 'manager',
    description: 'Keyed (typed-in) cards may be taken offline.',
  }),
} as const;

export const offlineRules = [
  settingRule(offlineSettings, ['offline.maxAmount', 'offline.maxTotal'], (v) =>
    v['offline.maxAmount'] > v['offline.maxTotal']
      ? `offline.maxAmount (${formatDollars(v['offline.maxAmount'])}) must not exceed offline.maxTotal (${formatDollars(v['offline.maxTotal'])})`
      : undefined,
  ),
];
