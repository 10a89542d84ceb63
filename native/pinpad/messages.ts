import { FS } from '../protocol/bytes';

/**
 * The PIN pad messages a counter needs (Ingenico RBA numbering). Payload layouts of replies are
 * those of the reference page; where it is silent (status codes, form replies) the choices are
 * documented in docs/devices.md and mirrored by the simulator.
 */
export const MSG = {
  offline: '00',
  online: '01',
  hardReset: '10',
  status: '11',
  amount: '13',
  softReset: '15',
  cardRead: '23',
  form: '24',
  /** "Screen update" in the reference, which gives no payload: the text alone is our choice (docs/devices.md). */
  screen: '70',
} as const;

export const FS_CHAR = String.fromCharCode(FS);

/** Text shown on the pad: printable ASCII only, no field separators, at most 32 characters. */
export function padText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').slice(0, 32);
}

export function amountData(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > 99_999_999) throw new RangeError('amount must be whole cents from 0 to 99999999');
  return String(cents);
}

/** Reply to a card read request: `0` then FS-separated tracks (good read), or another status. */
export type CardReadReply = { status: 'read'; tracks: string[] } | { status: 'failed' | 'cancelled' | 'timeout'; code: string };

export function parseCardReadReply(data: string): CardReadReply {
  const code = data.charAt(0);
  if (code === '0') {
    const tracks = data.slice(1).split(FS_CHAR).filter((t) => t !== '');
    return { status: 'read', tracks };
  }
  if (code === '2' || code === '3') return { status: 'cancelled', code };
  if (code === '4') return { status: 'timeout', code };
  return { status: 'failed', code: code || '?' };
}

export function cardReadReplyData(reply: CardReadReply): string {
  return reply.status === 'read' ? `0${FS_CHAR}${reply.tracks.join(FS_CHAR)}` : reply.code;
}

/** Form request: form name, FS, prompt. Reply: `0` + key (`Y`, `N`, a button) or `2` cancelled. */
export function formData(form: string, prompt: string): string {
  return `${padText(form)}${FS_CHAR}${padText(prompt)}`;
}

export type FormReply = { status: 'answered'; key: string } | { status: 'cancelled' };

export function parseFormReply(data: string): FormReply {
  if (data.charAt(0) === '0' && data.length > 1) return { status: 'answered', key: data.slice(1, 2) };
  return { status: 'cancelled' };
}

/** Status reply: two digits, 00 ready. */
export function parseStatusReply(data: string): { code: string; ready: boolean } {
  const code = /^\d\d/.exec(data)?.[0] ?? '??';
  return { code, ready: code === '00' };
}
