import type { ReadError } from '../read-error';

/** What every streaming decoder yields: a typed value, or a typed error. Decoders never throw. */
export type Decoded<T> = { readonly type: 'read'; readonly value: T } | { readonly type: 'error'; readonly error: ReadError };

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
