import type { Decoded, StreamDecoder } from '../../../native/protocol/decoder';

/** Feeds bytes one at a time: a decoder must not care where chunks split. */
export function feedBytewise<T>(decoder: StreamDecoder<T>, bytes: Uint8Array): Decoded<T>[] {
  const out: Decoded<T>[] = [];
  for (const b of bytes) out.push(...decoder.push(Uint8Array.of(b)));
  return out;
}

export const reads = <T>(events: Decoded<T>[]): T[] => events.flatMap((e) => (e.type === 'read' ? [e.value] : []));
export const errors = <T>(events: Decoded<T>[]): string[] => events.flatMap((e) => (e.type === 'error' ? [e.error.code] : []));
