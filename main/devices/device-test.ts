import type { DeviceTestResult } from '../../preload/contract';
import type { CardRead } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { ReadError } from '../../native/read-error';
import type { DeviceRuntime } from './device-runtime';
import { PinpadDevice } from './pinpad-device';
import type { DeviceClaims, ReadMeta } from './claims';

type Outcome = Omit<DeviceTestResult, 'id' | 'elapsedMs'>;

/**
 * devices.test: the link (a PIN pad answers a status request), then optionally a read. A reader's
 * wait hears only unclaimed reads (DeviceClaims.unclaimed); a claim ends it, since a sale
 * outranks a test, and a device already claimed is not waited on at all.
 */
export class DeviceTests {
  constructor(private readonly claims: DeviceClaims) {}

  async run(device: DeviceRuntime, waitForReadMs: number): Promise<DeviceTestResult> {
    if (waitForReadMs === 0) return this.runTest(device, 0);
    // Only the waits for a read are capped: a link check answers within the device's own time-out.
    this.claims.assertFree(device);
    const release = this.claims.reserveTestWait(device.id);
    try {
      return await this.runTest(device, waitForReadMs);
    } finally {
      release();
    }
  }

  private async runTest(device: DeviceRuntime, waitForReadMs: number): Promise<DeviceTestResult> {
    const id = device.id;
    const started = Date.now();
    const result = (outcome: Outcome): DeviceTestResult => ({ id, elapsedMs: Math.max(0, Date.now() - started), ...outcome });
    const link = await device.checkLink();
    if (!link.ok || waitForReadMs === 0) return result({ ok: link.ok, detail: link.detail });
    // A sale may have claimed the device while its link was checked.
    const owner = this.claims.ownerOf(device);
    if (owner !== undefined) return result({ ok: false, detail: tookOver(link.detail, device, owner) });
    if (device instanceof PinpadDevice) return result(await this.padRead(device, link.detail, waitForReadMs));
    return result(await this.readerRead(device, link.detail, waitForReadMs));
  }

  /** Asks the customer to swipe on the pad; a claim of the pad cancels the request. */
  private async padRead(device: PinpadDevice, linkDetail: string, waitForReadMs: number): Promise<Outcome> {
    const abort = new AbortController();
    let takenBy: string | undefined;
    const unregister = this.claims.addWait({
      deviceId: device.id,
      kind: 'pinpad',
      end: (owner) => {
        takenBy = owner;
        abort.abort();
      },
    });
    try {
      const r = await device.readCard('Test: swipe a card', waitForReadMs, abort.signal);
      if (takenBy !== undefined) return { ok: false, detail: tookOver(linkDetail, device, takenBy) };
      if (r.status === 'read') return { ok: true, detail: `${linkDetail}; read ${r.card.pan.masked}`, read: { kind: 'card', card: r.card.masked() } };
      const why = r.status === 'error' ? r.error.message : r.status === 'timeout' ? `no card within ${Math.round(waitForReadMs / 1000)} s` : 'cancelled on the pad';
      return { ok: false, detail: `${linkDetail}; ${why}` };
    } finally {
      unregister();
    }
  }

  /** Waits for the device's next unclaimed read (or failure), the time-out, or a claim. */
  private readerRead(device: DeviceRuntime, linkDetail: string, waitForReadMs: number): Promise<Outcome> {
    const id = device.id;
    const reads = this.claims.unclaimed;
    return new Promise<Outcome>((resolve) => {
      const done = (outcome: Outcome): void => {
        clearTimeout(timer);
        unregister();
        for (const off of listening) off();
        resolve(outcome);
      };
      const onCard = (card: CardRead, meta: ReadMeta): void => {
        if (meta.deviceId === id) done({ ok: true, detail: `${linkDetail}; read ${card.pan.masked}`, read: { kind: 'card', card: card.masked() } });
      };
      const onCheck = (check: CheckRead, meta: ReadMeta): void => {
        if (meta.deviceId === id) done({ ok: true, detail: `${linkDetail}; read a check on routing ${check.routing}`, read: { kind: 'check', check: check.masked() } });
      };
      const onFail = (error: ReadError, meta: ReadMeta): void => {
        if (meta.deviceId === id && error.code !== 'NOISE') done({ ok: false, detail: `${linkDetail}; the read failed (${error.code}): ${error.message}` });
      };
      const timer = setTimeout(() => done({ ok: false, detail: `${linkDetail}; nothing was read within ${Math.round(waitForReadMs / 1000)} s` }), waitForReadMs);
      const unregister = this.claims.addWait({ deviceId: id, kind: device.kind, end: (owner) => done({ ok: false, detail: tookOver(linkDetail, device, owner) }) });
      const listening = [reads.on('card', onCard), reads.on('check', onCheck), reads.on('readFailed', onFail)];
    });
  }
}

function tookOver(linkDetail: string, device: DeviceRuntime, owner: string): string {
  return `${linkDetail}; a sale took over the ${device.kind === 'pinpad' ? 'PIN pad' : 'reader'} (${owner}) before anything was read`;
}
