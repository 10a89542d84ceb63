import type { DeviceKind } from '../../preload/contract';
import type { CardRead, CardSource } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { ReadError } from '../../native/read-error';
import { PosError } from '../api/errors';

/** Who read what, for in-process listeners (the payments layer). */
export interface ReadMeta {
  deviceId: string;
  kind: 'msr' | 'micr' | 'pinpad';
  simulated: boolean;
  at: string;
}

/** The kinds of reader a claim can hold: swipe readers (serial, HID, wedge) and check readers. */
export type ClaimKind = 'msr' | 'micr';

export interface ReadClaimHandlers {
  onCard?(card: CardRead, meta: ReadMeta & { source: CardSource }): void;
  onCheck?(check: CheckRead, meta: ReadMeta): void;
  onFailure?(error: ReadError, meta: ReadMeta): void;
}

export interface ReadClaim {
  readonly owner: string;
  /** Gives the readers back to the Devices screen; calling it again does nothing. */
  release(): void;
}

/** A devices.test wait for a read; a claim on its device ends it. */
export interface TestWait {
  deviceId: string;
  kind: DeviceKind;
  /** Ends the wait without a read: `owner` took the device over. */
  end(owner: string): void;
}

interface Holder {
  owner: string;
  handlers: ReadClaimHandlers;
  token: object;
}

const KIND_WORDS: Record<ClaimKind, string> = { msr: 'the card readers', micr: 'the check readers' };

/**
 * Who owns the reads. A read of a claimed kind goes to its owner alone (a sale), not to the
 * Devices screen nor to a device test; one owner per kind, so two sales never share a swipe. A
 * claim outranks a device test: it ends the test's wait, and a new wait on a claimed device is
 * refused. The PIN pad is claimed on its own, by id.
 */
export class ReadClaims {
  private readonly holders = new Map<ClaimKind, Holder>();
  private readonly pads = new Map<string, { owner: string; token: object }>();
  private readonly waits = new Set<TestWait>();

  /** `onHandlerError` hears a claim handler that threw: the read is still counted and logged. */
  constructor(private readonly onHandlerError: (error: unknown, owner: string, handler: string) => void) {}

  claim(owner: string, kinds: ReadonlyArray<ClaimKind>, handlers: ReadClaimHandlers): ReadClaim {
    if (owner.trim() === '') throw new TypeError('a read claim needs an owner that names it');
    if (kinds.length === 0) throw new TypeError('a read claim needs at least one kind of reader');
    // All or nothing: check every kind before taking any.
    for (const kind of kinds) {
      const held = this.holders.get(kind);
      if (held && held.owner !== owner) throw new PosError('BUSY', `${KIND_WORDS[kind]} are in use by ${held.owner}; they are free once it releases them`);
    }
    const token = {};
    // The same owner claiming again replaces its handlers; the older handle's release then does nothing.
    for (const kind of kinds) this.holders.set(kind, { owner, handlers, token });
    this.endWaits((w) => (kinds as ReadonlyArray<DeviceKind>).includes(w.kind), owner);
    let released = false;
    return {
      owner,
      release: () => {
        if (released) return;
        released = true;
        for (const k of kinds) if (this.holders.get(k)?.token === token) this.holders.delete(k);
      },
    };
  }

  /** Takes the PIN pad `deviceId` for `owner`; returns how to give it back (idempotent). */
  claimPad(owner: string, deviceId: string): () => void {
    if (owner.trim() === '') throw new TypeError('a PIN pad claim needs an owner that names it');
    const held = this.pads.get(deviceId);
    if (held && held.owner !== owner) throw new PosError('BUSY', `the PIN pad ${deviceId} is in use by ${held.owner}; it is free once it releases it`);
    const token = {};
    this.pads.set(deviceId, { owner, token });
    this.endWaits((w) => w.kind === 'pinpad' && w.deviceId === deviceId, owner);
    return () => {
      if (this.pads.get(deviceId)?.token === token) this.pads.delete(deviceId);
    };
  }

  /** Who holds the device's reads (its kind, or for a PIN pad the pad itself), if anyone. */
  ownerOf(device: { id: string; kind: DeviceKind }): string | undefined {
    if (device.kind === 'printer') return undefined; // a printer reads nothing (DeviceManager.claimPrinter holds it)
    return device.kind === 'pinpad' ? this.pads.get(device.id)?.owner : this.holders.get(device.kind)?.owner;
  }

  /** A device test may not wait for a read on a claimed device: BUSY, naming the owner. */
  assertFree(device: { id: string; kind: DeviceKind }): void {
    const owner = this.ownerOf(device);
    if (owner !== undefined) throw new PosError('BUSY', `a payment is waiting for this ${device.kind === 'pinpad' ? 'PIN pad' : 'reader'} (${owner}); test it once the payment is done`);
  }

  /** Registers a test wait on a free device (BUSY when it is claimed); returns how to unregister it. */
  addWait(wait: TestWait): () => void {
    this.assertFree({ id: wait.deviceId, kind: wait.kind });
    this.waits.add(wait);
    return () => this.waits.delete(wait);
  }

  /** Hands a card to the owner of its reader's kind; false when the kind is not claimed. */
  card(card: CardRead, meta: ReadMeta & { source: CardSource }): boolean {
    return this.deliver(meta.kind, 'onCard', (h) => h.onCard?.(card, meta));
  }

  check(check: CheckRead, meta: ReadMeta): boolean {
    return this.deliver(meta.kind, 'onCheck', (h) => h.onCheck?.(check, meta));
  }

  failure(error: ReadError, meta: ReadMeta): boolean {
    return this.deliver(meta.kind, 'onFailure', (h) => h.onFailure?.(error, meta));
  }

  private deliver(kind: ReadMeta['kind'], name: string, call: (handlers: ReadClaimHandlers) => void): boolean {
    if (kind === 'pinpad') return false;
    const holder = this.holders.get(kind);
    if (!holder) return false;
    try {
      call(holder.handlers);
    } catch (e) {
      this.onHandlerError(e, holder.owner, name);
    }
    return true;
  }

  private endWaits(which: (w: TestWait) => boolean, owner: string): void {
    for (const w of [...this.waits]) {
      if (!which(w)) continue;
      this.waits.delete(w);
      w.end(owner);
    }
  }
}

