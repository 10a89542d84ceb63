import type { Handlers } from '../api/dispatcher';
import type { ManagerService } from './manager-service';
import type { Cashiers } from './cashiers';

export function managerHandlers(manager: ManagerService): Pick<Handlers, 'manager.status' | 'manager.unlock' | 'manager.lock' | 'manager.setPin' | 'technician.unlock'> {
  return {
    'technician.unlock': ({ code }, ctx) => manager.technicianUnlock(ctx, code),
    'manager.status': (_input, ctx) => manager.status(ctx),
    'manager.unlock': ({ pin }, ctx) => manager.unlock(ctx, pin),
    'manager.lock': (_input, ctx) => manager.lock(ctx),
    'manager.setPin': (input, ctx) => manager.setPin(ctx, input),
  };
}

export function cashierHandlers(
  cashiers: Cashiers,
): Pick<Handlers, 'cashier.status' | 'cashier.signIn' | 'cashier.signOut' | 'cashiers.list' | 'cashiers.save' | 'cashiers.remove'> {
  return {
    'cashier.status': (_input, ctx) => cashiers.status(ctx),
    'cashier.signIn': ({ number, pin }, ctx) => cashiers.signIn(ctx, number, pin),
    'cashier.signOut': (_input, ctx) => cashiers.signOut(ctx),
    'cashiers.list': () => cashiers.list(),
    'cashiers.save': ({ number, name, pin }) => cashiers.save(number, name, pin),
    'cashiers.remove': ({ number }) => cashiers.remove(number),
  };
}
