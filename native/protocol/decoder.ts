import type { Parsed, ReadError } from '../read-error';
import type { FrameError } from './framing';

/** What every streaming decoder yields: a typed value, or a typed error. Decoders never throw. */
export type Decoded<T> = { readonly type: 'read'; readonly value: T } | { readonly type: 'error'; readonly error: ReadError };

/** A parser's result as a decoder's output. */
export function decoded<T>(r: Parsed<T>): Decoded<T> {
  return r.ok ? { type: 'read', value: r.value } : { type: 'error', error: r.error };
}

/** A framing problem (overflow, bad LRC…) as a decoder's error output. */
export function frameError<T>(e: FrameError): Decoded<T> {
  return { type: 'error', error: { code: e.code, message: e.message } };
}

/**
 * A pure streaming decoder: bytes (or whole reports) in, values and errors out, no I/O and no
 * timers. `idle()` is called by the transport when the line has been quiet for `idleMs` (only
 * decoders that need it set it); `reset()` when the link dropped.
 */
export interface StreamDecoder<T> {
  push(chunk: Uint8Array): Decoded<T>[];
  idle?(): Decoded<T>[];
  readonly idleMs?: number;
  reset(): Decoded<T>[];
}
