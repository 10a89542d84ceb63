import { parseMicr, type CheckRead } from '../check/micr';
import type { MicrSymbolChoice } from '../check/micr-symbols';
import { decoded, frameError, type Decoded, type StreamDecoder } from './decoder';
import { Framer, type Framing } from './framing';

export interface MicrDecoderOptions {
  framing?: Framing;
  symbols?: MicrSymbolChoice;
}

/** MICR reader lines (CR, CR LF, STX/ETX, STX/ETX/LRC) to validated checks. */
export class MicrDecoder implements StreamDecoder<CheckRead> {
  private readonly framer: Framer;
  private readonly symbols: MicrSymbolChoice;

  constructor(options: MicrDecoderOptions = {}) {
    this.framer = new Framer(options.framing ?? 'cr', { maxLength: 256 });
    this.symbols = options.symbols ?? 'auto';
  }

  push(chunk: Uint8Array): Decoded<CheckRead>[] {
    return this.framer.push(chunk).map((e) => {
      if (e.type === 'error') return frameError(e);
      // E-13B symbols may arrive as UTF-8 (⑆…); every other reader output is ASCII.
      const r = parseMicr(e.bytes.toString('utf8'), { symbols: this.symbols });
      return decoded(r);
    });
  }

  reset(): Decoded<CheckRead>[] {
    return this.framer.reset().map((e) => frameError<CheckRead>(e));
  }
}
