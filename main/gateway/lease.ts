import type { Mode } from '../../preload/contract';
import type { BuilderContext } from './builders';
import type { GatewayOutcome } from './outcome';
import type { OperationName } from './schema';

/**
 * The gateway a sale captured at its start: its mode's client, kept even if settings change
 * meanwhile. Payments name it as their port (payments/ports.ts); the gateway service hands it out.
 */
export interface GatewayLease {
  readonly mode: Mode;
  send(op: OperationName, request: Record<string, unknown>): Promise<GatewayOutcome<unknown>>;
  builderContext(): BuilderContext;
  /** The live gateway failed to connect moments ago: store offline without making the customer wait. */
  knownOffline(): boolean;
  /** Opens the connection for this sale's one request while the customer swipes. */
  preconnect(): void;
  release(): void;
}
