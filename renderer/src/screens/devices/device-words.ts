import type { DeviceInfo, DeviceKind, DeviceState, SimVia } from '../../../../preload/contract';

/** The devices namespace's words for what main sends as codes: kinds, states, transports. */
export const KIND = { msr: 'kind.msr', micr: 'kind.micr', pinpad: 'kind.pinpad', printer: 'kind.printer' } as const satisfies Record<DeviceKind, string>;

/** Each state with its tone (the tone is said in the words too, never by colour alone). */
export const STATE = {
  connected: { words: 'state.connected', tone: 'tone-ok' },
  connecting: { words: 'state.connecting', tone: 'tone-warn' },
  disconnected: { words: 'state.disconnected', tone: 'tone-bad' },
  error: { words: 'state.error', tone: 'tone-bad' },
  disabled: { words: 'state.disabled', tone: 'tone-warn' },
} as const satisfies Record<DeviceState, { words: string; tone: string }>;

export const TRANSPORT = {
  serial: 'transport.serial',
  hid: 'transport.hid',
  wedge: 'transport.wedge',
  usblp: 'transport.usblp',
  simulator: 'transport.simulator',
} as const satisfies Record<DeviceInfo['transport'], string>;

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

export const PAD = { offline: 'pad.offline', idle: 'pad.idle', amount: 'pad.amount', card: 'pad.card', form: 'pad.form' } as const;
