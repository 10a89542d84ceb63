import type { Logger } from 'pino';
import type { Mode } from '../../preload/contract';
import type { Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import type { SettingsStore } from '../config/settings-store';
import type { DeviceManager } from '../devices/device-manager';
import { composeReceipt } from '../payments/receipt';
import type { Ledger } from '../payments/ledger';
import type { HostPrinter } from '../platform/platform';
import { ReceiptPrinting } from './service';

export interface ReceiptsDomainDeps {
  settings: SettingsStore;
  log: Logger;
  mode: () => Mode;
  ledger: Ledger;
  devices: DeviceManager;
  /** The OS printers, when the host has them (Platform.hostPrinter). */
  hostPrinter: HostPrinter | undefined;
}

export interface ReceiptsDomain {
  printing: ReceiptPrinting;
  handlers: Pick<Handlers, 'receipts.print'>;
}

/** Printing receipts: on the lane's receipt printer, the system printer or the browser's. */
export function createReceiptsDomain(d: ReceiptsDomainDeps): ReceiptsDomain {
  const printing = new ReceiptPrinting({
    log: d.log.child({ module: 'receipts' }),
    receipt: (ref, copy) => {
      const row = d.ledger.row(ref, d.mode());
      if (!row) throw new PosError('NOT_FOUND', 'This payment is not in the journal of this terminal, so its receipt cannot be printed.');
      return composeReceipt(row, copy, { name: d.settings.get('terminal.name'), language: d.settings.get('terminal.language') });
    },
    choice: () => d.settings.get('receipts.printer'),
    systemPrinterName: () => d.settings.get('receipts.systemPrinter'),
    printers: {
      lane: () => d.devices.configuredPrinter(),
      simulated: () => {
        const p = d.mode() === 'training' ? d.devices.simulatedPrinter() : undefined;
        return p ? { id: p.id, name: p.name } : undefined;
      },
      claim: (owner, id) => d.devices.claims.printer(owner, id),
    },
    host: d.hostPrinter,
  });
  return { printing, handlers: { 'receipts.print': ({ ref, copy }) => printing.print(ref, copy) } };
}
