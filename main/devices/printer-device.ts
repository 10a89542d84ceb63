import type { Logger } from 'pino';
import type { CodePageName } from '../../native/protocol/code-pages';
import { encodeReceipt, type PrintLine } from '../../native/protocol/escpos';
import { answersIn, conditionOf, conditionWords, statusRequest, type PrinterCondition, type StatusQuery } from '../../native/protocol/escpos-status';
import type { ByteLink } from '../../native/transport/link';
import { PosError } from '../api/errors';
import { DeviceIdentity, healthOf, type DeviceDescriptor, type DeviceHealth, type DeviceRuntime, type DeviceSink } from './device-runtime';

export interface PrinterDeviceOptions {
  codePage: CodePageName;
  /** The link carries the printer's answers (serial, simulator); a USB printer file does not. */
  answers: boolean;
  /** How long to wait for a status answer before taking the printer as one that does not answer. */
  statusTimeoutMs?: number;
  /** How long the printer may take to accept a receipt's bytes (it holds them while out of paper). */
  writeTimeoutMs?: number;
}

/** What a print did: characters the printer's table lacks (printed as "?") and whether the printer's own status was read. */
export interface PrintDone {
  readonly replaced: string[];
  readonly statusChecked: boolean;
}

/**
 * An ESC/POS receipt printer: its link and, where the link carries answers, its real-time status
 * (DLE EOT) read before and after each job. A printer that never answers is remembered as such
 * until its link reconnects, so a printer with a one-way cable costs one short wait, not one per
 * receipt. Faults come out as PosError with words for the counter.
 */
export class PrinterDevice extends DeviceIdentity<'printer'> implements DeviceRuntime {
  private condition: PrinterCondition | undefined;
  private silent = false;
  private readonly waiting: Array<(answer: number | undefined) => void> = [];

  constructor(
    descriptor: DeviceDescriptor,
    readonly link: ByteLink,
    private readonly sink: DeviceSink,
    private readonly log: Logger,
    private readonly options: PrinterDeviceOptions,
  ) {
    super({ ...descriptor, kind: 'printer' });
    link.on('data', (chunk) => {
      for (const answer of answersIn(chunk)) this.waiting.shift()?.(answer);
    });
    link.on('status', () => {
      // A new connection may be a different printer, or the same one mended.
      this.condition = undefined;
      this.silent = false;
      for (const w of this.waiting.splice(0)) w(undefined);
      sink.changed(this);
    });
  }

  health(): DeviceHealth {
    const h = healthOf(this.link.status);
    const problem = h.state === 'connected' && this.condition ? conditionWords(this.condition) : undefined;
    return problem ? { state: 'error', detail: problem } : h;
  }

  start(): void {
    this.link.open();
  }

  async stop(): Promise<void> {
    for (const w of this.waiting.splice(0)) w(undefined);
    await this.link.close();
  }

  async checkLink(): Promise<{ ok: boolean; detail: string }> {
    const h = healthOf(this.link.status);
    if (h.state !== 'connected') return { ok: false, detail: h.detail ?? h.state };
    const condition = await this.readCondition();
    if (!condition) return { ok: true, detail: `link open (${this.address ?? this.transport}); ${this.options.answers ? 'the printer did not answer a status request' : 'this connection cannot report paper or cover'}` };
    const problem = conditionWords(condition);
    return problem ? { ok: false, detail: problem } : { ok: true, detail: `printer ready${condition.paperLow ? ', paper roll nearly empty' : ''}` };
  }

  /**
   * Prints the lines, then feeds and cuts. Refuses when the link is down or the printer says it
   * cannot print; resolves once the bytes left the port (serial drain, or the USB driver took them).
   */
  async print(lines: readonly PrintLine[]): Promise<PrintDone> {
    this.assertConnected();
    const before = await this.readCondition();
    this.assertCanPrint(before, 'before printing');
    const { bytes, replaced } = encodeReceipt(lines, { codePage: this.options.codePage });
    await this.send(bytes);
    // A roll that ran out or a cover opened during the job shows now: the receipt is then incomplete.
    const after = before ? await this.readCondition() : undefined;
    this.assertCanPrint(after, 'while printing; the receipt may be incomplete, print it again once fixed');
    if (replaced.length > 0) this.log.info({ device: this.id, replaced: replaced.length }, 'characters the printer cannot print were printed as ?');
    return { replaced, statusChecked: before !== undefined };
  }

  private assertConnected(): void {
    const h = healthOf(this.link.status);
    if (h.state !== 'connected') {
      throw new PosError('UNAVAILABLE', `${this.name} is ${h.state === 'connecting' ? 'still connecting' : 'not connected'}${h.detail ? ` (${h.detail})` : ''}: check its cable and power`);
    }
  }

  private assertCanPrint(condition: PrinterCondition | undefined, when: string): void {
    const problem = condition ? conditionWords(condition) : undefined;
    if (problem) throw new PosError('UNAVAILABLE', `${this.name} stopped ${when}: ${problem}`);
  }

  private async send(bytes: Buffer): Promise<void> {
    const ms = this.options.writeTimeoutMs ?? 20_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PosError('TIMEOUT', `${this.name} did not take the receipt within ${Math.round(ms / 1000)} s: check it is switched on, has paper and its cover is shut`)),
        ms,
      );
    });
    try {
      await Promise.race([this.link.write(bytes), timeout]);
    } catch (e) {
      if (e instanceof PosError) throw e;
      throw new PosError('UNAVAILABLE', `${this.name} could not be sent the receipt (${e instanceof Error ? e.message : String(e)}): check its cable and power, then print again`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The printer's condition from DLE EOT 2 and 4, or undefined when it cannot or does not answer. */
  private async readCondition(): Promise<PrinterCondition | undefined> {
    if (!this.options.answers || this.silent) return undefined;
    const offline = await this.ask('offline');
    const paper = offline === undefined ? undefined : await this.ask('paper');
    if (offline === undefined || paper === undefined) {
      this.silent = true;
      this.log.info({ device: this.id }, 'the receipt printer did not answer a status request; printing without reading its status');
      return undefined;
    }
    const before = this.condition;
    this.condition = conditionOf(offline, paper);
    if (JSON.stringify(before) !== JSON.stringify(this.condition)) this.sink.changed(this);
    return this.condition;
  }

  private ask(query: StatusQuery): Promise<number | undefined> {
    return new Promise<number | undefined>((resolve) => {
      let settled = false;
      const waiter = (answer: number | undefined): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // Gone already when an answer took it; still queued after a time-out or a failed write.
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(answer);
      };
      const timer = setTimeout(() => waiter(undefined), this.options.statusTimeoutMs ?? 1000);
      this.waiting.push(waiter);
      this.link.write(statusRequest(query)).catch(() => waiter(undefined));
    });
  }
}
