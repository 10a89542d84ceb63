import type { Handlers } from '../api/dispatcher';
import type { GatewayService } from './service';

export function gatewayHandlers(gateway: GatewayService): Pick<Handlers, 'gateway.trainingFault'> {
  return {
    'gateway.trainingFault': (input) => gateway.setTrainingFault(input),
  };
}
