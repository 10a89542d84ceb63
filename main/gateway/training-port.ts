import type { TrainingFaultInput, TrainingFaultState } from '../../preload/contract';

/**
 * The in-process training gateway a training client talks to over real HTTP. Training builds it
 * (training/gateway/provider.ts); the gateway service only starts, uses and closes it, so gateway/
 * never imports training/.
 */
export interface TrainingGateway {
  readonly url: string;
  readonly engine: { setDuplicateWindow(minutes: number): void };
  setFault(input: TrainingFaultInput): TrainingFaultState;
  /** Reads the training fault before a request is sent (another process may have set it). */
  syncFaults(): Promise<void>;
  close(): Promise<void>;
}

/** The training file's fault switch, shared with posctl: set here, read by any simulator before its next request. */
export interface TrainingFaultSwitch {
  setFault(input: TrainingFaultInput): TrainingFaultState;
  close(): void;
}

/** What training hands the gateway service: a simulator for the current settings, and the fault switch. */
export interface GatewayTraining<Sim extends TrainingGateway = TrainingGateway> {
  start(options: { namespace: string; hmac?: { keyId: string; key: string } }): Promise<Sim>;
  /** Undefined when faults live in the simulator's memory (no training file). */
  openFaultSwitch(): TrainingFaultSwitch | undefined;
}
