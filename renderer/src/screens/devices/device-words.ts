import type { DeviceState, SimVia } from '../../../../preload/contract';

/**
 * What main sends as codes are keys of the devices namespace (`kind.<kind>`, `state.<state>`,
 * `transport.<transport>`, `pad.<activity>`). Each state's tone (said in the words too, never by colour alone):
 */
export const TONE = {
  connected: 'tone-ok',
  connecting: 'tone-warn',
  disconnected: 'tone-bad',
  error: 'tone-bad',
  disabled: 'tone-warn',
} as const satisfies Record<DeviceState, string>;

export const VIA: ReadonlyArray<readonly [SimVia, 'via.msr' | 'via.hid' | 'via.wedge' | 'via.pinpad']> = [
  ['msr', 'via.msr'],
  ['hid', 'via.hid'],
  ['wedge', 'via.wedge'],
  ['pinpad', 'via.pinpad'],
];

type FailedKey = 'failed.card' | 'failed.notBankCard' | 'failed.layout' | 'failed.check' | 'failed.routing' | 'failed.account' | 'failed.other';

/**
 * What a failed read means, from its code (native/read-error.ts); main's message follows as the
 * detail. A code this table does not know still reads: "The read failed." and main's words.
 */
const FAILED: Readonly<Record<string, FailedKey>> = {
  NO_TRACKS: 'failed.card',
  BAD_READ: 'failed.card',
  MALFORMED_TRACK: 'failed.card',
  BAD_PAN: 'failed.card',
  LUHN: 'failed.card',
  TRACK_MISMATCH: 'failed.card',
  BAD_LRC: 'failed.card',
  NOT_BANK_CARD: 'failed.notBankCard',
  LAYOUT_MANGLED: 'failed.layout',
  NO_MICR: 'failed.check',
  BAD_SYMBOL: 'failed.check',
  UNREADABLE: 'failed.check',
  NO_TRANSIT: 'failed.routing',
  BAD_ROUTING: 'failed.routing',
  NO_ACCOUNT: 'failed.account',
};

export function failedWords(code: string): FailedKey {
  return Object.hasOwn(FAILED, code) ? (FAILED[code] ?? 'failed.other') : 'failed.other';
}

