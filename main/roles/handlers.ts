import type { Handlers } from '../api/dispatcher';
import type { ManagerService } from './manager-service';

export function managerHandlers(manager: ManagerService): Pick<Handlers, 'manager.status' | 'manager.unlock' | 'manager.lock' | 'manager.setPin'> {
  return {
    'manager.status': (_input, ctx) => manager.status(ctx),
    'manager.unlock': ({ pin }, ctx) => manager.unlock(ctx, pin),
    'manager.lock': (_input, ctx) => manager.lock(ctx),
    'manager.setPin': (input, ctx) => manager.setPin(ctx, input),
  };
}
