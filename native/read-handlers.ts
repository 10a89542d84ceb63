import type { CardRead, CardSource } from './card/card-read';
import type { CheckRead } from './check/micr';
import type { ReadError } from './read-error';

/**
 * What the holder of a reader does with what it reads: a card (and where its bytes came from), a
 * check, or a read that failed. `Meta` is what the holder is told about the read besides: the
 * devices layer's `ReadMeta` (devices/claims.ts), the payments port's narrower `SaleReadMeta`
 * (payments/ports.ts), so each side keeps its own and neither imports the other.
 */
export interface ReadHandlers<Meta> {
  onCard?(card: CardRead, meta: Meta & { source: CardSource }): void;
  onCheck?(check: CheckRead, meta: Meta): void;
  onFailure?(error: ReadError, meta: Meta): void;
}
