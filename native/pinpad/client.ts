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

/**
 * The counter's side of the PIN pad dialogue: online/offline, reset, status, show amount, card
 * read with a prompt, yes/no form, cancel. Card data from the pad goes through the same parser
 * as every reader.
 */
export class PinpadClient extends EventEmitter<PinpadClientEvents> {
  private waiters: Waiter[] = [];

  constructor(
    private readonly session: PinpadSession,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    session.on('message', (frame) => this.onMessage(frame));
  }

  async online(): Promise<void> {
    await this.session.send(MSG.online, '00000000');
    this.emit('activity', 'idle', {});
  }

  async offline(): Promise<void> {
    await this.session.send(MSG.offline, '0000');
    this.emit('activity', 'offline', {});
  }

  /** Hard reset (10.): the pad drops whatever it was doing. */
  async reset(): Promise<void> {
    this.release();
    await this.session.send(MSG.hardReset);
    this.emit('activity', 'idle', {});
  }

  /** Soft reset (15.): cancels the prompt on the pad; pending requests end as cancelled. */
  async cancel(): Promise<void> {
    this.release();
    await this.session.send(MSG.softReset);
    this.emit('activity', 'idle', {});
  }

  async status(timeoutMs = 3000): Promise<{ code: string; ready: boolean }> {
    const reply = this.expect(MSG.status, timeoutMs);
    await this.sendOrDrop(MSG.status, '');
    const frame = await reply;
    if (!frame) throw new PinpadError('TIMEOUT', 'the PIN pad did not answer the status request');
    return parseStatusReply(frame.data);
  }

  async showAmount(cents: number): Promise<void> {
    await this.session.send(MSG.amount, amountData(cents));
    this.emit('activity', 'amount', { amountCents: cents });
  }

  /** Asks the customer to swipe on the pad; resolves with the validated card or why there is none. */
  async requestCard(prompt = 'Swipe Card', timeoutMs = 60_000): Promise<PadCardResult> {
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

  /** A yes/no question on the pad (form 24.). */
  async askYesNo(prompt: string, timeoutMs = 60_000): Promise<PadAnswer> {
    const reply = this.expect(MSG.form, timeoutMs);
    await this.sendOrDrop(MSG.form, formData('YESNO', prompt));
    this.emit('activity', 'form', { prompt: padText(prompt) });
    const frame = await reply;
    this.emit('activity', 'idle', {});
    if (!frame) return 'timeout';
    const r = parseFormReply(frame.data);
    if (r.status === 'cancelled') return 'cancelled';
    return r.key === 'Y' ? 'yes' : r.key === 'N' ? 'no' : 'cancelled';
  }

  /** Ends every pending wait (the link dropped or the client is closing). */
  release(): void {
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.resolve({ id: w.id, data: '2' });
    }
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
