import type { Logger } from 'pino';
import type { CheckRead } from '../../native/check/micr';
import type { SaleDevices, SalePinpad, SaleReadMeta } from './ports';
import type { CardSource } from './requests';
import type { EntryMethod } from './states';

export interface CaptureDeps {
  /** Absent for posctl, which pays with what it is given on its command line. */
  devices: SaleDevices | undefined;
  /** The sale's owner, named in the claims. */
  owner: string;
  log: Logger;
  /** How long the PIN pad asks for a card (payments.cardWaitSeconds). */
  cardWaitMs: number;
}

/** What a read hands back to the sale. */
export interface CardReads {
  card(source: CardSource, entry: EntryMethod, deviceId: string): void;
  problem(message: string): void;
}

export interface PadCardReads extends CardReads {
  /** Whether the sale still waits for a card (asked before and after each request on the pad). */
  stillWaiting(): boolean;
  /** The customer cancelled on the pad, or took too long: the sale ends with `why`. */
  ended(why: string): void;
}

/**
 * The device part of a sale: it claims the swipe readers, the check readers and the PIN pad for
 * one wait (devices/claims.ts behind the SaleDevices port), hands what they read back to the sale,
 * keeps the pad for the customer's confirmation, and gives everything back when the wait or the
 * sale ends. The sale decides what a read means; this only owns the devices.
 */
export class SaleCapture {
  /** The PIN pad this sale asked for a card on: the customer confirms the amount there, and sees the final word. */
  pad: SalePinpad | undefined;
  private releases: Array<() => void> = [];
  /** Counts the PIN pad's card waits: a wait ended by a new choice of tender knows it is over. */
  private padWaits = 0;

  constructor(private readonly deps: CaptureDeps) {}

  /** A new wait: whatever the last one held is given back, and its pad forgotten. */
  begin(): void {
    this.releaseAll();
    this.pad = undefined;
  }

  /** Whether there are devices at all (posctl has none). */
  get hasDevices(): boolean {
    return this.deps.devices !== undefined;
  }

  /** Claims the swipe readers for this wait; `entryOf` tells how a read was made. */
  readers(entryOf: (meta: SaleReadMeta) => EntryMethod, reads: CardReads): void {
    const devices = this.deps.devices;
    if (!devices) return;
    const claim = devices.claimReads(this.deps.owner, ['msr'], {
      onCard: (card, meta) => reads.card({ kind: 'read', card }, entryOf(meta), meta.deviceId),
      onFailure: (error) => reads.problem(error.message),
    });
    this.releases.push(() => claim.release());
  }

  /** Claims the check readers for this wait. */
  checkReaders(reads: { check(check: CheckRead, deviceId: string): void; problem(message: string): void }): void {
    const devices = this.deps.devices;
    if (!devices) return;
    const claim = devices.claimReads(this.deps.owner, ['micr'], {
      onCheck: (check, meta) => reads.check(check, meta.deviceId),
      onFailure: (error) => reads.problem(error.message),
    });
    this.releases.push(() => claim.release());
  }

  /** Shows the amount on the PIN pad and asks the customer to swipe there; false when there is no connected pad. */
  padCard(amountCents: number, reads: PadCardReads): boolean {
    const claimed = this.deps.devices?.claimPinpad(this.deps.owner);
    if (!claimed) return false;
    this.pad = claimed.pad;
    this.releases.push(() => claimed.release());
    const pad = claimed.pad;
    // A tender chosen again (the cashier opens Type the card) ends this wait: its read, cancelled
    // by that choice, must not cancel the sale.
    const wait = ++this.padWaits;
    const current = (): boolean => wait === this.padWaits && reads.stillWaiting();
    void (async () => {
      try {
        await pad.showAmount(amountCents);
        while (current()) {
          const result = await pad.readCard('Swipe Card', this.deps.cardWaitMs);
          if (!current()) return;
          if (result.status === 'read') return reads.card({ kind: 'read', card: result.card }, 'pad', pad.id);
          if (result.status === 'cancelled') return reads.ended('cancelled on the PIN pad');
          if (result.status === 'timeout') return reads.ended('no card was swiped on the PIN pad in time');
          reads.problem(result.error.message);
        }
      } catch (e) {
        this.deps.log.warn({ err: e }, 'the PIN pad could not take the card; the counter reader still can');
      }
    })();
    return true;
  }

  /** The wait is over (a new tender, a cancel, the end): a card request still showing on the pad ends when `padAsking`. */
  endWait(padAsking: boolean): void {
    this.padWaits++;
    if (this.pad && padAsking) void this.pad.cancelPrompt().catch(() => undefined);
  }

  /** A card was read: the devices go back, and the card request on the pad ends unless the pad read it (the pad stays ours to confirm on). */
  cardRead(fromPad: boolean): void {
    this.releaseAll();
    if (this.pad && !fromPad) void this.pad.cancelPrompt().catch(() => undefined);
  }

  /** The sale ended: the pad shows `word`, and every device goes back. */
  end(word: string): void {
    const pad = this.pad;
    this.pad = undefined;
    if (pad) void pad.showMessage(word).catch(() => undefined);
    this.releaseAll();
  }

  private releaseAll(): void {
    for (const release of this.releases.splice(0)) release();
  }
}
