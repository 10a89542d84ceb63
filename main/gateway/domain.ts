import type { Logger } from 'pino';
import type { Mode } from '../../preload/contract';
import type { GatewaySettings } from './settings-port';
import { gatewayHandlers } from './handlers';
import { GatewayService } from './service';
import type { GatewayTraining, TrainingGateway } from './training-port';

export interface GatewayDomainDeps<Sim extends TrainingGateway> {
  settings: GatewaySettings;
  log: Logger;
  mode: () => Mode;
  now: () => Date;
  canUnseal: () => boolean;
  refresh: () => void;
  training: GatewayTraining<Sim>;
  /** A training fault cleared: what was stored offline goes at once (the payments' forwarder, bound late). */
  faultCleared: () => void;
}

/** The SOAP gateway: its client for the current mode (training's simulator in training), and gateway.trainingFault. */
export function createGatewayDomain<Sim extends TrainingGateway>(deps: GatewayDomainDeps<Sim>) {
  const gateway = new GatewayService<Sim>({ settings: deps.settings, log: deps.log, mode: deps.mode, canUnseal: deps.canUnseal, now: deps.now, onStateChange: deps.refresh, training: deps.training });
  return { gateway, services: [gateway], handlers: gatewayHandlers(gateway, deps.faultCleared) };
}
