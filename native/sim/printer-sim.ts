import { EventEmitter } from 'node:events';
import { statusBytes, type PrinterCondition } from '../protocol/escpos-status';
import { EscPosDecoder, type EscPosEvent } from './escpos-decoder';

/** One printed receipt: the lines from one initialise to its cut, and what was wrong with its bytes. */
export interface Printout {
  readonly lines: ReadonlyArray<{ readonly text: string; readonly bold: boolean; readonly centre: boolean }>;
  /** The stream's errors (unknown commands, control bytes…), in words with their offset. */
  readonly errors: readonly string[];
  /** Cut at the end (a receipt without a cut is still on the printer: `current()`). */
  readonly cut: boolean;
}

export interface PrinterSimEvents {
  /** A receipt was cut off. */
  printed: [Printout];
}

export interface PrinterSimOptions {
  columns?: number;
  condition?: Partial<PrinterCondition>;
}

/**
 * A receipt printer on the far end of a link: it decodes the ESC/POS bytes strictly (see
 * escpos-decoder.ts), keeps what it printed, answers DLE EOT status requests from its condition
 * (paper out, cover open: settable), and prints nothing while stopped, like a real one.
 */
export class PrinterSimulator extends EventEmitter<PrinterSimEvents> {
  condition: PrinterCondition;
  private readonly decoder: EscPosDecoder;
  private lines: Array<Printout['lines'][number]> = [];
  private errors: string[] = [];
  private last: Printout | undefined;

  constructor(
    private readonly write: (bytes: Buffer) => Promise<void> | void,
    options: PrinterSimOptions = {},
  ) {
    super();
    this.decoder = new EscPosDecoder(options.columns !== undefined ? { columns: options.columns } : {});
    this.condition = { coverOpen: false, paperOut: false, paperLow: false, error: false, ...options.condition };
  }

  receive(chunk: Uint8Array): void {
    for (const e of this.decoder.push(chunk)) this.apply(e);
  }

  /** The last receipt cut off, if any. */
  lastPrintout(): Printout | undefined {
    return this.last;
  }

  /** What is printed since the last cut. */
  current(): Printout {
    return { lines: [...this.lines], errors: [...this.errors], cut: false };
  }

  /** The link dropped: a job half received is lost. */
  reset(): void {
    this.decoder.reset();
    this.lines = [];
    this.errors = [];
  }

  private stopped(): boolean {
    return this.condition.coverOpen || this.condition.paperOut || this.condition.error;
  }

  private apply(e: EscPosEvent): void {
    switch (e.type) {
      case 'status': {
        const bytes = statusBytes(this.condition);
        // n = 1 (printer) and 3 (error cause) are not sent by the terminal: answer them as "fine".
        const answer = e.n === 2 ? bytes.offline : e.n === 4 ? bytes.paper : e.n === 1 && this.stopped() ? 0x1a : 0x12;
        void Promise.resolve(this.write(Buffer.from([answer]))).catch(() => undefined);
        return;
      }
      case 'error':
        this.errors.push(`${e.message} (byte ${e.offset})`);
        return;
      case 'line':
        if (this.stopped()) {
          this.errors.push('a line arrived while the printer was stopped (paper out or cover open) and was not printed');
          return;
        }
        this.lines.push({ text: e.text, bold: e.bold, centre: e.centre });
        return;
      case 'cut': {
        if (this.stopped()) return;
        const printout: Printout = { lines: this.lines, errors: this.errors, cut: true };
        this.lines = [];
        this.errors = [];
        this.last = printout;
        this.emit('printed', printout);
        return;
      }
      case 'init':
        // ESC @ clears modes, not what is already on the paper.
        return;
      case 'codePage':
        return;
    }
  }
}
