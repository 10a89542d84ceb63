/**
 * Why a read produced no usable card or check. Messages are plain words for a cashier or a
 * technician and never contain card, track or account data: they are shown, logged and printed.
 */
export type ReadErrorCode =
  // card reads
  | 'NO_TRACKS' // nothing that looks like a track
  | 'BAD_READ' // the reader flagged every track as unreadable (E markers, status bits)
  | 'NOT_BANK_CARD' // e.g. a driver's licence (AAMVA)
  | 'MALFORMED_TRACK'
  | 'BAD_PAN'
  | 'LUHN'
  | 'TRACK_MISMATCH'
  | 'BAD_LRC'
  | 'LAYOUT_MANGLED' // keyboard wedge typed through a non-US layout
  // check reads
  | 'NO_MICR'
  | 'BAD_SYMBOL'
  | 'NO_TRANSIT'
  | 'BAD_ROUTING'
  | 'NO_ACCOUNT'
  | 'UNREADABLE'
  // framing, any device
  | 'NOISE'
  | 'OVERFLOW'
  | 'TRUNCATED'
  | 'BAD_LENGTH';

export interface ReadError {
  readonly code: ReadErrorCode;
  readonly message: string;
  /** For MICR reads: positions of unreadable characters per field (never the characters around them). */
  readonly unreadable?: Readonly<Record<string, readonly number[]>>;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ReadError };

export function readError(code: ReadErrorCode, message: string, extra: Omit<ReadError, 'code' | 'message'> = {}): ReadError {
  return { code, message, ...extra };
}

export function fail<T>(code: ReadErrorCode, message: string, extra: Omit<ReadError, 'code' | 'message'> = {}): Parsed<T> {
  return { ok: false, error: readError(code, message, extra) };
}

export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}
