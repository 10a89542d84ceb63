import type { Logger } from 'pino';
import type { Receipt, ReceiptPrinted } from '../../preload/contract';
import { PosError } from '../api/errors';
import type { PrinterClaim } from '../devices/claims';
import type { HostPrinter } from '../platform/platform';
import { routeReceipt, type PrinterChoice } from './route';

export interface ReceiptPrintingDeps {
  log: Logger;
  /** The receipt as the screens show it (NOT_FOUND for an unknown payment). */
  receipt(ref: string, copy: Receipt['copy']): Receipt;
  choice(): PrinterChoice;
  /** receipts.systemPrinter: '' for the OS default printer. */
  systemPrinterName(): string;
  printers: {
    lane(): { id: string; name: string } | undefined;
    simulated(): { id: string; name: string } | undefined;
    claim(owner: string, id: string): PrinterClaim;
  };
  host: HostPrinter | undefined;
}

/** receipts.print: the receipt goes where route.ts says, and the caller learns where it went. */
export class ReceiptPrinting {
  constructor(private readonly deps: ReceiptPrintingDeps) {}

  async print(ref: string, copy: Receipt['copy']): Promise<ReceiptPrinted> {
    const receipt = this.deps.receipt(ref, copy);
    const route = routeReceipt({ choice: this.deps.choice(), lanePrinter: this.deps.printers.lane(), simulatedPrinter: this.deps.printers.simulated(), systemPrinter: this.deps.host !== undefined });
    switch (route.to) {
      case 'nowhere':
        throw new PosError('UNAVAILABLE', route.why);
      case 'browser':
        return { printedOn: 'browser', printer: null };
      case 'system':
        return this.onSystem(receipt);
      case 'device':
        return this.onDevice(receipt, route.printer.id);
    }
  }

  private async onDevice(receipt: Receipt, id: string): Promise<ReceiptPrinted> {
    const claim = this.deps.printers.claim(`the ${receipt.copy} copy of ${receipt.clientRef}`, id);
    try {
      const done = await claim.device.print(receipt.lines);
      this.deps.log.info({ ref: receipt.clientRef, copy: receipt.copy, device: claim.device.id, replaced: done.replaced.length }, 'receipt printed');
      return { printedOn: 'device', printer: claim.device.name };
    } finally {
      claim.release();
    }
  }

  private async onSystem(receipt: Receipt): Promise<ReceiptPrinted> {
    const host = this.deps.host;
    if (!host) throw new PosError('UNAVAILABLE', 'this app cannot reach the system printers');
    const printerName = this.deps.systemPrinterName();
    try {
      await host.printLines(receipt.lines, { printerName, title: `Receipt ${receipt.clientRef} (${receipt.copy} copy)` });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.deps.log.warn({ ref: receipt.clientRef, printer: printerName || '(default)', err: e }, 'the system printer did not print a receipt');
      throw new PosError('UNAVAILABLE', `The receipt did not print on ${printerName ? `the printer ${printerName}` : 'the default printer'}: ${why}`);
    }
    this.deps.log.info({ ref: receipt.clientRef, copy: receipt.copy, printer: printerName || '(default)' }, 'receipt sent to the system printer');
    return { printedOn: 'system', printer: printerName === '' ? null : printerName };
  }
}
