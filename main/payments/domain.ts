import type { Logger } from 'pino';
import type { Mode } from '../../preload/contract';
import type { SettingsStore } from '../config/settings-store';
import type { DeviceManager } from '../devices/device-manager';
import type { EventBus } from '../events/bus';
import type { GatewayService } from '../gateway/service';
import type { Service } from '../service';
import type { Journals } from '../stores';
import type { TerminalKey } from '../store/terminal-key';
import { saleDevicesOf } from './device-adapter';
import { paymentHandlers, type Approvals } from './handlers';
import { Ledger } from './ledger';
import { ownerId } from './recovery';
import { PaymentsService } from './service';

export interface PaymentsDomainDeps {
  settings: SettingsStore;
  log: Logger;
  bus: EventBus;
  journals: Journals;
  gateway: GatewayService;
  key: TerminalKey;
  /** Absent for posctl, which pays with what it is given on its command line. */
  devices: DeviceManager | undefined;
  mode: () => Mode;
  now: () => Date;
  refresh: () => void;
  autoForward: boolean;
  /** The manager's approval at the moment a payment needs it (ManagerService.approve). */
  approve: Approvals['approve'];
  /** The signed-in cashier of a call (Cashiers.forPayment). */
  cashier: Approvals['cashier'];
}

export interface PaymentsDomain {
  payments: PaymentsService;
  ledger: Ledger;
  services: Service[];
  handlers: ReturnType<typeof paymentHandlers>;
}

/** Sales, the offline queue and the journal, as the core uses them. */
export function createPaymentsDomain(d: PaymentsDomainDeps): PaymentsDomain {
  const log = d.log.child({ module: 'payments' });
  const payments = new PaymentsService({
    settings: d.settings,
    log,
    bus: d.bus,
    journal: (mode) => d.journals.of(mode),
    existingJournal: (mode) => d.journals.existing(mode),
    lease: () => d.gateway.lease(),
    prepareSeal: () => d.key.prepareSeal(),
    unseal: (blob, context) => d.key.unseal(blob, context),
    devices: d.devices ? saleDevicesOf(d.devices) : undefined,
    mode: d.mode,
    now: d.now,
    owner: ownerId(),
    refresh: d.refresh,
    autoForward: d.autoForward,
  });
  // Pause and resume are kept in the journal, so the app and posctl see and obey each other's.
  payments.forwarder.usePersistedPause((write) => (write ? d.journals.of(d.mode()) : d.journals.existing(d.mode())));
  const ledger = new Ledger({
    settings: d.settings,
    mode: d.mode,
    existingJournal: (mode) => d.journals.existing(mode),
    journal: (mode) => d.journals.of(mode),
    forwarder: payments.forwarder,
    now: d.now,
  });
  payments.onQueueChanged = () => d.bus.emit('queue.changed', ledger.status());
  const approvals: Approvals = { approve: d.approve, overrideAboveCents: () => d.settings.get('payments.overrideAbove'), cashier: d.cashier };
  const handlers = paymentHandlers(payments, ledger, () => ({ name: d.settings.get('terminal.name'), language: d.settings.get('terminal.language') }), d.mode, approvals);
  return { payments, ledger, services: [payments], handlers };
}
