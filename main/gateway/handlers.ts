import type { Handlers } from '../api/dispatcher';
import type { GatewayService } from './service';

/**
 * `faultCleared`: the training gateway answers again (its fault set to none), so payments stored
 * offline meanwhile are forwarded at once, as when a live gateway comes back, not after their back-off.
 */
export function gatewayHandlers(gateway: GatewayService, faultCleared: () => void = () => undefined): Pick<Handlers, 'gateway.trainingFault'> {
  return {
    'gateway.trainingFault': async (input) => {
      const state = await gateway.setTrainingFault(input);
      if (input.kind === 'none') faultCleared();
      return state;
    },
  };
}
