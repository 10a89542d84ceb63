import type { DeviceKind } from '../../preload/contract';
import type { CardRead, CardSource } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { ReadError } from '../../native/read-error';
import type { ReadHandlers } from '../../native/read-handlers';
import { PosError } from '../api/errors';
import type { ListenerErrorHandler } from '../events/bus';
import { InProcessBus } from '../events/in-process-bus';
import type { PinpadDevice } from './pinpad-device';
import type { PrinterDevice } from './printer-device';

/** Who read what, for in-process listeners (the payments layer). */
export interface ReadMeta {
  deviceId: string;
  kind: 'msr' | 'micr' | 'pinpad';
  simulated: boolean;
  at: string;
}

/** The kinds of reader a claim can hold: swipe readers (serial, HID, wedge) and check readers. */
export type ClaimKind = 'msr' | 'micr';

export type ReadClaimHandlers = ReadHandlers<ReadMeta>;

export interface ReadClaim {
  readonly owner: string;
  /** Gives the readers back to the Devices screen; calling it again does nothing. */
  release(): void;
}

/** A receipt printer held by one owner (a receipt or a test page) while its job goes out. */
export interface PrinterClaim {
  readonly device: PrinterDevice;
  /** Frees the printer; calling it again does nothing. */
  release(): void;
}

/** The PIN pad held by one owner (a sale) while it asks the customer. */
export interface PinpadClaim {
  readonly device: PinpadDevice;
  /** Frees the pad; calling it again does nothing. */
  release(): void;
}

/** A devices.test wait for a read; a claim on its device ends it. */
export interface TestWait {
  deviceId: string;
  kind: DeviceKind;
  /** Ends the wait without a read: `owner` took the device over. */
  end(owner: string): void;
}

/**
 * Reads no claim holds, in full, for in-process listeners (the device tests). They never leave
 * main: the Devices screen hears the contract's masked events instead.
 */
export interface UnclaimedReads {
  card: [CardRead, ReadMeta & { source: CardSource }];
  check: [CheckRead, ReadMeta];
  readFailed: [ReadError, ReadMeta];
}

/** Where the claims find the devices they hand out (the device registry). */
export interface ClaimableDevices {
  pinpad(id?: string): PinpadDevice | undefined;
  /** The printer `id`, or the lane's receipt printer; a refusal in words when there is none. */
  printerFor(id?: string): PrinterDevice;
}

/**
 * "Test this device" waits (each up to a minute for a swipe) allowed at once. A Devices screen runs
 * one per device and posctl or a second tab may add one; the total stays above the few readers of a
 * counter.
 */
export const TEST_WAITS = Object.freeze({ perDevice: 2, total: 8 });

interface Holder {
  owner: string;
  handlers: ReadClaimHandlers;
  token: object;
}

const KIND_WORDS: Record<ClaimKind, string> = { msr: 'the card readers', micr: 'the check readers' };

/**
 * Who holds each device, in one place: the reads of a kind (a sale), the PIN pad, the printer, and
 * the device tests' waits. A read of a claimed kind goes to its owner alone, not to the Devices
 * screen nor to a device test; one owner per kind, so two sales never share a swipe. A claim
 * outranks a device test: it ends the test's wait, and a new wait on a claimed device is refused.
 * Reads no one claimed go to `unclaimed` (in process, in full) and, masked, to the contract events
 * (DeviceManager publishes those).
 */
export class DeviceClaims {
  readonly unclaimed: InProcessBus<UnclaimedReads>;
  private readonly holders = new Map<ClaimKind, Holder>();
  private readonly pads = new Map<string, { owner: string; token: object }>();
  private readonly printing = new Map<string, { owner: string; token: object }>();
  private readonly waits = new Set<TestWait>();
  /** Test waits running, per device id. */
  private readonly waitCounts = new Map<string, number>();

  /**
   * `onHandlerError` hears a claim handler that threw, `onListenerError` a listener of unclaimed
   * reads: the read is still counted and logged, and the others still hear it.
   */
  constructor(
    private readonly devices: ClaimableDevices,
    private readonly onHandlerError: (error: unknown, owner: string, handler: string) => void,
    onListenerError: ListenerErrorHandler = () => undefined,
  ) {
    this.unclaimed = new InProcessBus<UnclaimedReads>(onListenerError);
  }

  /**
   * Takes the reads of `kinds` for `owner` (words naming it, shown in refusals): until release,
   * every read and failed read of those kinds goes to `handlers` alone. BUSY while another owner
   * holds one of the kinds; the same owner claiming again replaces its handlers. Cards swiped on a
   * PIN pad are not included: they answer the caller of `readCard`.
   */
  reads(owner: string, kinds: ReadonlyArray<ClaimKind>, handlers: ReadClaimHandlers): ReadClaim {
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

  /**
   * Takes the PIN pad (`id`, or the lane's) for `owner`; undefined when there is none, BUSY while
   * another owner holds it. A device test waiting for a card on it is cancelled.
   */
  pinpad(owner: string, id?: string): PinpadClaim | undefined {
    const device = this.devices.pinpad(id);
    if (!device) return undefined;
    return { device, release: this.claimPad(owner, device.id) };
  }

  /** Takes the printer for `owner` (words naming the job, shown in refusals): BUSY while another job holds it. */
  printer(owner: string, id?: string): PrinterClaim {
    const device = this.devices.printerFor(id);
    const held = this.printing.get(device.id);
    if (held) throw new PosError('BUSY', `${device.name} is printing ${held.owner}; try again once it is done`);
    const token = {};
    this.printing.set(device.id, { owner, token });
    return {
      device,
      release: () => {
        if (this.printing.get(device.id)?.token === token) this.printing.delete(device.id);
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
    if (device.kind === 'printer') return undefined; // a printer reads nothing (its jobs are held by printer())
    return device.kind === 'pinpad' ? this.pads.get(device.id)?.owner : this.holders.get(device.kind)?.owner;
  }

  /** A device test may not wait for a read on a claimed device: BUSY, naming the owner. */
  assertFree(device: { id: string; kind: DeviceKind }): void {
    const owner = this.ownerOf(device);
    if (owner !== undefined) throw new PosError('BUSY', `a payment is waiting for this ${device.kind === 'pinpad' ? 'PIN pad' : 'reader'} (${owner}); test it once the payment is done`);
  }

  /** Takes a place for one test wait, or answers BUSY when the device or the terminal has its fill; returns how to give it back. */
  reserveTestWait(id: string): () => void {
    const mine = this.waitCounts.get(id) ?? 0;
    let total = 0;
    for (const n of this.waitCounts.values()) total += n;
    if (mine >= TEST_WAITS.perDevice) throw new PosError('BUSY', `${id} is already being tested ${mine} times; wait for those tests to finish`);
    if (total >= TEST_WAITS.total) throw new PosError('BUSY', `${total} device tests are already waiting for a read; wait for one to finish`);
    this.waitCounts.set(id, mine + 1);
    return () => {
      const left = (this.waitCounts.get(id) ?? 1) - 1;
      if (left > 0) this.waitCounts.set(id, left);
      else this.waitCounts.delete(id);
    };
  }

  /** Registers a test wait on a free device (BUSY when it is claimed); returns how to unregister it. */
  addWait(wait: TestWait): () => void {
    this.assertFree({ id: wait.deviceId, kind: wait.kind });
    this.waits.add(wait);
    return () => this.waits.delete(wait);
  }

  /** Hands a card to the owner of its reader's kind, or to the unclaimed listeners; true when an owner took it. */
  card(card: CardRead, meta: ReadMeta & { source: CardSource }): boolean {
    if (this.deliver(meta.kind, 'onCard', (h) => h.onCard?.(card, meta))) return true;
    this.unclaimed.emit('card', card, meta);
    return false;
  }

  check(check: CheckRead, meta: ReadMeta): boolean {
    if (this.deliver(meta.kind, 'onCheck', (h) => h.onCheck?.(check, meta))) return true;
    this.unclaimed.emit('check', check, meta);
    return false;
  }

  failure(error: ReadError, meta: ReadMeta): boolean {
    if (this.deliver(meta.kind, 'onFailure', (h) => h.onFailure?.(error, meta))) return true;
    this.unclaimed.emit('readFailed', error, meta);
    return false;
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
