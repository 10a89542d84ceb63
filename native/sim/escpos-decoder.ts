import { charOf, CODE_PAGES, type CodePageName } from '../protocol/code-pages';

/**
 * The training printer's reading of an ESC/POS stream: bytes in, printed lines and commands out.
 * Strict, unlike a real printer: it knows the commands the terminal sends (native/protocol/escpos.ts)
 * and nothing else, so an unknown command, a control byte or a table it does not have is an error
 * event (with its offset in the stream), never a guess. Pure and streaming: a command may arrive
 * split across chunks. After an error it goes on with the next byte, as text.
 */
export type EscPosEvent =
  | { readonly type: 'init' }
  | { readonly type: 'codePage'; readonly page: CodePageName }
  | { readonly type: 'line'; readonly text: string; readonly bold: boolean; readonly centre: boolean }
  | { readonly type: 'cut'; readonly partial: boolean }
  | { readonly type: 'status'; readonly n: number }
  | { readonly type: 'error'; readonly code: EscPosErrorCode; readonly message: string; readonly offset: number };

export type EscPosErrorCode = 'UNKNOWN_COMMAND' | 'BAD_ARGUMENT' | 'CONTROL_BYTE' | 'NOT_INITIALISED';

const BY_ESC_T = new Map<number, CodePageName>(Object.entries(CODE_PAGES).map(([name, p]) => [p.escT, name as CodePageName]));

export interface EscPosDecoderOptions {
  /** Characters per line of the paper; a longer line wraps, as on a real printer (default 42: 80 mm paper). */
  columns?: number;
}

type Pending = { kind: 'ESC' } | { kind: 'GS' } | { kind: 'DLE' } | { kind: 'args'; command: string; need: number; got: number[]; at: number };

export class EscPosDecoder {
  private text: number[] = [];
  private bold = false;
  private centre = false;
  private page: CodePageName = 'pc437';
  private initialised = false;
  private pending: Pending | undefined;
  private offset = 0;
  private readonly columns: number;

  constructor(options: EscPosDecoderOptions = {}) {
    this.columns = options.columns ?? 42;
  }

  push(chunk: Uint8Array): EscPosEvent[] {
    const out: EscPosEvent[] = [];
    for (const b of chunk) {
      this.byte(b, out);
      this.offset++;
    }
    return out;
  }

  /** The link dropped: a command or line half received is gone. */
  reset(): void {
    this.pending = undefined;
    this.text = [];
    this.initialised = false;
  }

  private error(code: EscPosErrorCode, message: string, out: EscPosEvent[], at = this.offset): void {
    out.push({ type: 'error', code, message, offset: at });
  }

  private byte(b: number, out: EscPosEvent[]): void {
    const p = this.pending;
    if (p) {
      this.pending = undefined;
      if (p.kind === 'ESC') return this.esc(b, out);
      if (p.kind === 'GS') return this.gs(b, out);
      if (p.kind === 'DLE') {
        if (b === 0x04) this.pending = { kind: 'args', command: 'DLE EOT', need: 1, got: [], at: this.offset - 1 };
        else this.error('UNKNOWN_COMMAND', `DLE followed by 0x${hex(b)} is not a command the terminal sends`, out, this.offset - 1);
        return;
      }
      p.got.push(b);
      if (p.got.length < p.need) this.pending = p;
      else this.run(p.command, p.got, p.at, out);
      return;
    }
    switch (b) {
      case 0x1b:
        this.pending = { kind: 'ESC' };
        return;
      case 0x1d:
        this.pending = { kind: 'GS' };
        return;
      case 0x10:
        this.pending = { kind: 'DLE' };
        return;
      case 0x0a:
        this.flushLine(out);
        return;
    }
    if (charOf(this.page, b) === undefined) {
      this.error('CONTROL_BYTE', b < 0x80 ? `control byte 0x${hex(b)} in the text` : `byte 0x${hex(b)} prints nothing in ${this.page}`, out);
      return;
    }
    if (!this.initialised) {
      // A job starts with ESC @; text before it would print with whatever mode the last job left.
      this.error('NOT_INITIALISED', 'text before ESC @ (initialise)', out);
      this.initialised = true;
    }
    this.text.push(b);
    if (this.text.length === this.columns) this.flushLine(out);
  }

  private esc(b: number, out: EscPosEvent[]): void {
    const at = this.offset - 1;
    switch (b) {
      case 0x40:
        return this.run('ESC @', [], at, out);
      case 0x74:
      case 0x61:
      case 0x45:
        this.pending = { kind: 'args', command: `ESC ${String.fromCharCode(b)}`, need: 1, got: [], at };
        return;
      default:
        this.error('UNKNOWN_COMMAND', `ESC 0x${hex(b)} is not a command the terminal sends`, out, at);
    }
  }

  private gs(b: number, out: EscPosEvent[]): void {
    const at = this.offset - 1;
    if (b === 0x56) this.pending = { kind: 'args', command: 'GS V', need: 1, got: [], at };
    else this.error('UNKNOWN_COMMAND', `GS 0x${hex(b)} is not a command the terminal sends`, out, at);
  }

  private run(command: string, args: number[], at: number, out: EscPosEvent[]): void {
    const n = args[0] ?? 0;
    const bad = (why: string): void => this.error('BAD_ARGUMENT', `${command} ${n}: ${why}`, out, at);
    switch (command) {
      case 'ESC @':
        this.text = [];
        this.bold = false;
        this.centre = false;
        this.page = 'pc437';
        this.initialised = true;
        out.push({ type: 'init' });
        return;
      case 'ESC t': {
        const page = BY_ESC_T.get(n);
        if (!page) return bad('not a character table this printer has');
        this.page = page;
        out.push({ type: 'codePage', page });
        return;
      }
      case 'ESC a':
        if (n !== 0 && n !== 1) return bad('only left (0) and centre (1) are used');
        if (this.text.length > 0) return bad('justification must come at the start of a line');
        this.centre = n === 1;
        return;
      case 'ESC E':
        if (n !== 0 && n !== 1) return bad('bold is 0 or 1');
        this.bold = n === 1;
        return;
      case 'GS V':
        // Function B (66) takes one more byte: the extra feed.
        if (n === 66 && args.length === 1) {
          this.pending = { kind: 'args', command, need: 2, got: args, at };
          return;
        }
        if (n !== 66 && n !== 1 && n !== 49) return bad('only a partial cut (1, 49, or 66 with a feed) is used');
        this.flushLine(out, false);
        out.push({ type: 'cut', partial: true });
        return;
      case 'DLE EOT':
        if (n < 1 || n > 4) return bad('status requests are 1 to 4');
        out.push({ type: 'status', n });
        return;
    }
  }

  /** Prints what is buffered; LF prints an empty line too, a cut does not. */
  private flushLine(out: EscPosEvent[], always = true): void {
    if (!always && this.text.length === 0) return;
    const text = this.text.map((b) => charOf(this.page, b) ?? '?').join('');
    this.text = [];
    out.push({ type: 'line', text, bold: this.bold, centre: this.centre });
  }
}

function hex(b: number): string {
  return b.toString(16).padStart(2, '0');
}
