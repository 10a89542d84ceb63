import { EventEmitter } from 'node:events';
import { parseSwipe, type CardRead } from '../card/card-read';
import type { ReadError } from '../read-error';
import type { PinpadFrame } from './frame';
import { amountData, formData, MSG, padText, parseCardReadReply, parseFormReply, parseStatusReply } from './messages';
import { PinpadError, type PinpadSession } from './session';

export type PadCardResult =
  | { status: 'read'; card: CardRead }
  | { status: 'error'; error: ReadError }
  | { status: 'cancelled' }
  | { status: 'timeout' };

export type PadAnswer = 'yes' | 'no' | 'cancelled' | 'timeout';

/** What the pad is doing, as far as the counter knows. */
export type PadActivity = 'offline' | 'idle' | 'amount' | 'card' | 'form';

export interface PinpadClientEvents {
  activity: [PadActivity, { amountCents?: number; prompt?: string }];
  /** A message the counter did not ask for (logged by the device manager). */
  unsolicited: [PinpadFrame];
}

interface Waiter {
  id: string;
  resolve(frame: PinpadFrame | undefined): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Told about an event listener that threw (the device passes its log). */
export type PadListenerErrorHandler = (error: unknown, eventName: string) => void;

/**
 * The counter's side of the PIN pad dialogue: online/offline, reset, status, show amount, show a
 * message, card read with a prompt, yes/no form, cancel. Card data from the pad goes through the
 * same parser as every reader.
 *
 * Requests run one at a time in call order: the pad answers one dialogue at a time, and a status
 * check slipped into a card request would be answered "busy" or, worse, take the card's place.
 * `cancel()` alone jumps the queue, since it exists to end the request in progress.
 */
export class PinpadClient extends EventEmitter<PinpadClientEvents> {
  private waiters: Waiter[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(
    private readonly session: PinpadSession,
    private readonly now: () => Date = () => new Date(),
    private readonly onListenerError: PadListenerErrorHandler = () => undefined,
  ) {
    super();
    session.on('message', (frame) => this.onMessage(frame));
  }

  /** True while a request is in progress or waiting its turn. */
  get busy(): boolean {
    return this.queued > 0;
  }

  /** Each listener in its own try/catch: a throwing one must not end a request half-way. */
  override emit<K extends keyof PinpadClientEvents>(name: K, ...args: PinpadClientEvents[K]): boolean {
    const listeners = this.rawListeners(name) as Array<(...a: unknown[]) => unknown>;
    for (const listener of listeners) {
      try {
        listener.apply(this, args);
      } catch (e) {
        try {
          this.onListenerError(e, name);
        } catch {
          // The reporter failed too: carry on regardless.
        }
      }
    }
    return listeners.length > 0;
  }

  online(): Promise<void> {
    return this.inTurn(async () => {
      await this.session.send(MSG.online, '00000000');
      this.emit('activity', 'idle', {});
    });
  }

  offline(): Promise<void> {
    return this.inTurn(async () => {
      await this.session.send(MSG.offline, '0000');
      this.emit('activity', 'offline', {});
    });
  }

  /** Hard reset (10.): the pad drops whatever it was doing. */
  reset(): Promise<void> {
    return this.inTurn(async () => {
      this.release();
      await this.session.send(MSG.hardReset);
      this.emit('activity', 'idle', {});
    });
  }

  /**
   * Soft reset (15.): cancels the prompt on the pad; the pending request ends as cancelled. Not
   * queued: it is how a request in progress is ended. Requests queued behind it still run.
   */
  async cancel(): Promise<void> {
    this.release();
    await this.session.send(MSG.softReset);
    this.emit('activity', 'idle', {});
  }

  status(timeoutMs = 3000): Promise<{ code: string; ready: boolean }> {
    return this.inTurn(async () => {
      const reply = this.expect(MSG.status, timeoutMs);
      await this.sendOrDrop(MSG.status, '');
      const frame = await reply;
      if (!frame) throw new PinpadError('TIMEOUT', 'the PIN pad did not answer the status request');
      return parseStatusReply(frame.data);
    });
  }

  async showAmount(cents: number): Promise<void> {
    // Refused at once (rejected, not queued): a bad amount is the caller's bug, not the pad's.
    const data = amountData(cents);
    return this.inTurn(async () => {
      await this.session.send(MSG.amount, data);
      this.emit('activity', 'amount', { amountCents: cents });
    });
  }

  /**
   * Shows a line of text on the pad ("Approved", "Declined: see cashier") with the screen update
   * message (70.), the reference's only message for text on the screen; its payload is not
   * documented there, so the text is sent as the whole payload (docs/devices.md). The contract's
   * activities have no "message": the pad counts as idle, showing `prompt`.
   */
  showMessage(text: string): Promise<void> {
    const shown = padText(text);
    return this.inTurn(async () => {
      await this.session.send(MSG.screen, shown);
      this.emit('activity', 'idle', { prompt: shown });
    });
  }

  /**
   * Asks the customer to swipe on the pad; resolves with the validated card or why there is none.
   * Aborting `signal` ends the request as cancelled: before its turn it is never sent; during it
   * the pad gets a soft reset.
   */
  requestCard(prompt = 'Swipe Card', timeoutMs = 60_000, signal?: AbortSignal): Promise<PadCardResult> {
    return this.inTurn(async (): Promise<PadCardResult> => {
      if (signal?.aborted) return { status: 'cancelled' };
      const onAbort = (): void => void this.cancel().catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await this.cardRequest(prompt, timeoutMs);
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    });
  }

  /** A yes/no question on the pad (form 24.). */
  askYesNo(prompt: string, timeoutMs = 60_000): Promise<PadAnswer> {
    return this.inTurn(async (): Promise<PadAnswer> => {
      const reply = this.expect(MSG.form, timeoutMs);
      await this.sendOrDrop(MSG.form, formData('YESNO', prompt));
      this.emit('activity', 'form', { prompt: padText(prompt) });
      const frame = await reply;
      this.emit('activity', 'idle', {});
      if (!frame) return 'timeout';
      const r = parseFormReply(frame.data);
      if (r.status === 'cancelled') return 'cancelled';
      return r.key === 'Y' ? 'yes' : r.key === 'N' ? 'no' : 'cancelled';
    });
  }

  /** Ends every pending wait (the link dropped or the client is closing). */
  release(): void {
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.resolve({ id: w.id, data: '2' });
    }
  }

  private async cardRequest(prompt: string, timeoutMs: number): Promise<PadCardResult> {
    const text = padText(prompt);
    const reply = this.expect(MSG.cardRead, timeoutMs);
    await this.sendOrDrop(MSG.cardRead, text);
    this.emit('activity', 'card', { prompt: text });
    const frame = await reply;
    this.emit('activity', 'idle', {});
    if (!frame) return { status: 'timeout' };
    const r = parseCardReadReply(frame.data);
    if (r.status === 'cancelled') return { status: 'cancelled' };
    if (r.status === 'timeout') return { status: 'timeout' };
    if (r.status !== 'read') return { status: 'error', error: { code: 'BAD_READ', message: 'The PIN pad could not read the card. Ask the customer to swipe again.' } };
    const parsed = parseSwipe(r.tracks.join(''), { now: this.now() });
    return parsed.ok ? { status: 'read', card: parsed.value } : { status: 'error', error: parsed.error };
  }

  /** Runs `task` once every request called before it has ended (a promise-chain mutex). */
  private inTurn<T>(task: () => Promise<T>): Promise<T> {
    this.queued++;
    const run = this.tail.then(task).finally(() => this.queued--);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async sendOrDrop(id: string, data: string): Promise<void> {
    try {
      await this.session.send(id, data);
    } catch (e) {
      this.drop(id);
      throw e;
    }
  }

  private expect(id: string, timeoutMs: number): Promise<PinpadFrame | undefined> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        id,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(undefined);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private drop(id: string): void {
    for (const w of this.waiters.filter((x) => x.id === id)) clearTimeout(w.timer);
    this.waiters = this.waiters.filter((x) => x.id !== id);
  }

  private onMessage(frame: PinpadFrame): void {
    const i = this.waiters.findIndex((w) => w.id === frame.id);
    if (i < 0) {
      this.emit('unsolicited', frame);
      return;
    }
    const [w] = this.waiters.splice(i, 1);
    if (!w) return;
    clearTimeout(w.timer);
    w.resolve(frame);
  }
}
