import { Writable } from 'node:stream';

/** A log destination that keeps every line, to assert what reached the log (and what did not). */
export function memoryLog(): { stream: Writable; lines: () => string[]; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const text = (): string => chunks.join('');
  return { stream, text, lines: () => text().split('\n').filter(Boolean) };
}
