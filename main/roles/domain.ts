import type { Logger } from 'pino';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import type { Db } from '../store/database';
import type { TerminalKey } from '../store/terminal-key';
import { Cashiers } from './cashiers';
import { FirstSetup, setupHandlers } from './first-setup';
import { cashierHandlers, managerHandlers } from './handlers';
import { managerPinStore } from './manager-pin-store';
import { ManagerService } from './manager-service';
import { PinVerifier } from './pin-verifier';
import { StoredVerifiers } from './stored-verifiers';
import { technicianCodeStore } from './technician-code-store';
import { TechnicianCodes } from './technician-codes';

export interface RolesDomainDeps {
  db: Db;
  key: TerminalKey;
  settings: SettingsStore;
  bus: EventBus;
  log: Logger;
  now: () => Date;
}

/** PIN verifiers of earlier builds, keyed once the terminal key opens here (a read-only database leaves them for later). */
export function upgradeVerifiers(verifiers: StoredVerifiers, log: Logger): void {
  try {
    const upgraded = verifiers.upgrade();
    if (upgraded > 0) log.info({ upgraded }, 'PIN verifiers keyed with the terminal key');
  } catch (err) {
    log.warn({ err }, 'could not key the PIN verifiers of an earlier version yet');
  }
}

/**
 * Who may do what at the lane: the manager PIN and its sessions, the technician's codes, cashiers
 * and their sign-in, the first set-up; manager.*, technician.unlock, cashier(s).*, setup.*.
 */
export function createRolesDomain(deps: RolesDomainDeps) {
  const verifier = new PinVerifier(deps.key);
  const pinStore = managerPinStore(deps.db);
  const codeStore = technicianCodeStore(deps.db);
  const verifiers = new StoredVerifiers({ db: deps.db, verifier, managerPin: pinStore, technicianCode: codeStore, now: deps.now });
  upgradeVerifiers(verifiers, deps.log);
  const codes = new TechnicianCodes({ store: codeStore, verifier, now: deps.now, log: deps.log.child({ module: 'technician' }) });
  const manager = new ManagerService({ store: pinStore, verifier, codes, now: deps.now, log: deps.log.child({ module: 'manager' }), onPinChange: (pinSet) => deps.bus.emit('manager.changed', { pinSet }) });
  const cashiers = new Cashiers({ db: deps.db, verifier, now: deps.now, log: deps.log.child({ module: 'cashiers' }), signInRequired: () => deps.settings.get('terminal.cashierSignIn') });
  const setup = new FirstSetup({ settings: deps.settings, manager, log: deps.log.child({ module: 'setup' }) });
  return {
    manager,
    cashiers,
    verifiers,
    handlers: { ...managerHandlers(manager), ...setupHandlers(setup), ...cashierHandlers(cashiers) },
  };
}
