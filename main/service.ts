/**
 * A background part of the core (device manager, training simulators, forwarder, ...).
 * Services start in the order they were added and stop in reverse order.
 */
export interface Service {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}
