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
export function createPaymentsDomain(deps: PaymentsDomainDeps): PaymentsDomain {
  const log = deps.log.child({ module: 'payments' });
  const payments = new PaymentsService({
    settings: deps.settings,
    log,
    bus: deps.bus,
    journal: (mode) => deps.journals.of(mode),
    existingJournal: (mode) => deps.journals.existing(mode),
    lease: () => deps.gateway.lease(),
    expectSale: () => deps.gateway.expectSale(),
    prepareSeal: () => deps.key.prepareSeal(),
    unseal: (blob, context) => deps.key.unseal(blob, context),
    devices: deps.devices ? saleDevicesOf(deps.devices) : undefined,
    mode: deps.mode,
    now: deps.now,
    owner: ownerId(),
    refresh: deps.refresh,
    autoForward: deps.autoForward,
  });
  // Pause and resume are kept in the journal, so the app and posctl see and obey each other's.
  payments.forwarder.usePersistedPause((write) => (write ? deps.journals.of(deps.mode()) : deps.journals.existing(deps.mode())));
  const ledger = new Ledger({
    settings: deps.settings,
    mode: deps.mode,
    existingJournal: (mode) => deps.journals.existing(mode),
    journal: (mode) => deps.journals.of(mode),
    forwarder: payments.forwarder,
    now: deps.now,
  });
  payments.onQueueChanged = () => deps.bus.emit('queue.changed', ledger.status());
  const approvals: Approvals = { approve: deps.approve, overrideAboveCents: () => deps.settings.get('payments.overrideAbove'), cashier: deps.cashier };
  const handlers = paymentHandlers(payments, ledger, () => ({ name: deps.settings.get('terminal.name'), language: deps.settings.get('terminal.language') }), deps.mode, approvals);
  return { payments, ledger, services: [payments], handlers };
}
