import type { MethodName } from './index';
import type { Role } from './manager';

/**
 * The role each contract method needs. A method not in this table does not type-check, so a new
 * method must say who may call it. Settings writes are checked again per key (SettingDef.access).
 */
export const METHOD_ROLES = {
  'app.status': 'cashier',
  'devices.list': 'cashier',
  'devices.test': 'cashier',
  'devices.simulateSwipe': 'cashier',
  'devices.simulateCheck': 'cashier',
  'devices.trainingPad': 'cashier',
  'gateway.trainingFault': 'cashier',
  'catalogue.categories': 'cashier',
  'catalogue.products': 'cashier',
  'catalogue.product': 'cashier',
  'catalogue.refresh': 'cashier',
  'catalogue.warm': 'cashier',
  'catalogue.image': 'cashier',
  'catalogue.cart': 'cashier',
  'catalogue.cart.set': 'cashier',
  'leads.list': 'cashier',
  'leads.create': 'cashier',
  'leads.defaults': 'cashier',
  'leads.outbox': 'cashier',
  'leads.retry': 'cashier',
  'leads.discard': 'cashier',
  'merchant.get': 'cashier',
  'merchant.search': 'cashier',
  'merchant.contacts': 'cashier',
  'merchant.contact': 'cashier',
  'merchant.hierarchies': 'cashier',
  'merchant.hierarchy': 'cashier',
  'merchant.entitlements': 'cashier',
  'merchant.entitlement': 'cashier',
  'merchant.fees': 'cashier',
  'merchant.fee': 'cashier',
  'merchant.vocabulary': 'cashier',
  'payments.expect': 'cashier',
  'payments.start': 'cashier',
  'payments.tender': 'cashier',
  'payments.keyed': 'cashier',
  'payments.checkDetails': 'cashier',
  'payments.cancel': 'cashier',
  'payments.get': 'cashier',
  'payments.current': 'cashier',
  'payments.receipt': 'cashier',
  'receipts.print': 'cashier',
  'queue.status': 'cashier',
  'queue.list': 'cashier',
  // Sending what waits is always safe; stopping it, or deciding a payment's fate, is the manager's.
  'queue.forward': 'cashier',
  'queue.pause': 'manager',
  'queue.resume': 'manager',
  'queue.resolve': 'manager',
  'journal.search': 'cashier',
  'journal.get': 'cashier',
  'journal.totals': 'cashier',
  'journal.exportCsv': 'manager',
  'journal.saveCsv': 'manager',
  'manager.status': 'cashier',
  'manager.unlock': 'cashier',
  'manager.lock': 'cashier',
  'manager.setPin': 'cashier',
  // A fresh lane's set-up is for whoever stands at it; it is refused once a manager PIN exists.
  'setup.status': 'cashier',
  'setup.complete': 'cashier',
  // Anyone at the desktop app may try a code; the code is what proves the OS account.
  'technician.unlock': 'cashier',
  // Each key is checked again against its own access (a technician's key is refused to a manager).
  // Reading is open to a cashier (values read-only, secrets never); Unlock is the manager's.
  'settings.list': 'cashier',
  'settings.unlock': 'manager',
  'settings.set': 'manager',
  'settings.setMany': 'manager',
  'settings.unset': 'manager',
  'cashier.status': 'cashier',
  'cashier.signIn': 'cashier',
  'cashier.signOut': 'cashier',
  'cashiers.list': 'manager',
  'cashiers.save': 'manager',
  'cashiers.remove': 'manager',
  // The day's figures are the store's business: reading them is the manager's, as the CSV export is.
  'report.day': 'manager',
  'report.close': 'manager',
  'report.get': 'manager',
  'report.closed': 'manager',
  'report.lines': 'manager',
  'report.print': 'manager',
  'report.csv': 'manager',
  'report.pdf': 'manager',
} as const satisfies Record<MethodName, Role>;

/**
 * Calls a page makes by itself (on an event, a reconnect, a timer), not because someone at the
 * counter did something: they do not keep a manager session alive.
 */
export const PASSIVE_METHODS: ReadonlySet<MethodName> = new Set<MethodName>(['app.status', 'manager.status', 'setup.status', 'cashier.status', 'queue.status', 'queue.list', 'payments.current', 'devices.list']);

const RANK: Readonly<Record<Role, number>> = { cashier: 0, manager: 1, technician: 2 };

/** Whether `role` may do what `needed` may (a technician may do all a manager may). */
export function roleAllows(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}
