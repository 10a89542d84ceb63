import type { CardSource as ReadSource } from '../../native/card/card-read';
import type { PadAnswer, PadCardResult } from '../../native/pinpad/client';
import type { ReadHandlers } from '../../native/read-handlers';
import type { OfflinePolicy } from './policy';

/**
 * The ports of payments: what other areas implement for a payment (the gateway, the devices, the
 * settings), each as little as a sale needs. payments/ defines them and the adapters implement
 * them; the gateway's lease is defined by gateway/ (which may not import payments/) and named here.
 */

/** The gateway a sale captured at its start (defined beside the gateway service, which hands it out: gateway/ never imports payments/). */
export type { GatewayLease } from '../gateway/lease';

/** Settings a sale reads once, at its start. */
export interface SalePolicy {
  chipSwipe: 'allow' | 'warn' | 'refuse';
  cardEntry: 'reader' | 'pinpad' | 'both';
  confirmOnPinpad: boolean;
  partialApproval: boolean;
  cardWaitMs: number;
  offline: OfflinePolicy;
}

/**
 * What a sale needs of the devices, and no more: to own the readers and the PIN pad while it
 * waits (a read it claimed goes to it alone), and the pad as the customer's screen.
 */
export interface SaleReadMeta {
  deviceId: string;
  source?: ReadSource;
}

export type SaleReadHandlers = ReadHandlers<SaleReadMeta>;

export interface SalePinpad {
  readonly id: string;
  showAmount(cents: number): Promise<void>;
  readCard(prompt: string, timeoutMs: number): Promise<PadCardResult>;
  askYesNo(prompt: string, timeoutMs: number): Promise<PadAnswer>;
  /** Ends the prompt showing on the pad (a card request the counter reader answered first). */
  cancelPrompt(): Promise<void>;
  showMessage(text: string): Promise<void>;
}

export interface SaleDevices {
  /** Throws PosError BUSY when another owner holds one of the kinds. */
  claimReads(owner: string, kinds: ReadonlyArray<'msr' | 'micr'>, handlers: SaleReadHandlers): { release(): void };
  /** Undefined when the terminal has no PIN pad (or it is not connected). */
  claimPinpad(owner: string): { pad: SalePinpad; release(): void } | undefined;
}
