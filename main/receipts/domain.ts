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
export function createReceiptsDomain(deps: ReceiptsDomainDeps): ReceiptsDomain {
  const printing = new ReceiptPrinting({
    log: deps.log.child({ module: 'receipts' }),
    receipt: (ref, copy) => {
      const row = deps.ledger.row(ref, deps.mode());
      if (!row) throw new PosError('NOT_FOUND', 'This payment is not in the journal of this terminal, so its receipt cannot be printed.');
      return composeReceipt(row, copy, { name: deps.settings.get('terminal.name'), language: deps.settings.get('terminal.language') });
    },
    choice: () => deps.settings.get('receipts.printer'),
    systemPrinterName: () => deps.settings.get('receipts.systemPrinter'),
    printers: {
      lane: () => deps.devices.configuredPrinter(),
      simulated: () => {
        const p = deps.mode() === 'training' ? deps.devices.simulatedPrinter() : undefined;
        return p ? { id: p.id, name: p.name } : undefined;
      },
      claim: (owner, id) => deps.devices.claims.printer(owner, id),
    },
    host: deps.hostPrinter,
  });
  return { printing, handlers: { 'receipts.print': ({ ref, copy }) => printing.print(ref, copy) } };
}
