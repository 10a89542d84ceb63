import { EventEmitter } from 'node:events';
import { ETX, SO } from '../protocol/bytes';
import { cardReadReplyData, FS_CHAR, MSG } from '../pinpad/messages';
import type { PinpadFrame } from '../pinpad/frame';
import { PinpadSession } from '../pinpad/session';
import { SAMPLE_CARDS, type SampleCard } from './sample-cards';

export interface PinpadSimOptions {
  /** The card the customer swipes when the counter asks for one. */
  card?: SampleCard;
  /** The customer's answer to yes/no forms, when they are answered automatically. */
  answer?: 'Y' | 'N';
  /**
   * Answer yes/no forms at once with `answer` (default), or leave them on screen until
   * `customerKey()`. A function is asked at each form (training: a trainee at the Training panel
   * plays the customer; with nobody there, tests and posctl get the automatic answer).
   */
  autoAnswer?: boolean | (() => boolean);
  /**
   * Swipe as soon as the counter asks (default), or wait for `customerSwipe()`. A function is asked
   * at each request (training: no automatic swipe while a sale holds the pad, the trainer swipes).
   */
  autoSwipe?: boolean | (() => boolean);
  /** Delay before the automatic swipe, like a customer reaching for the card. */
  swipeDelayMs?: number;
  /** Send this many frames with a wrong LRC first (exercises the counter's NAK path). */
  corruptFrames?: number;
  ackTimeoutMs?: number;
}

export interface PinpadSimEvents {
  /** Every message from the counter, for the simulator's console. */
  received: [PinpadFrame];
  sent: [PinpadFrame];
  /** The pad now waits for the customer: a card, or an answer to a question. */
  asking: ['card' | 'answer'];
}

/** What the pad's screen shows and what it waits for from the customer. */
export interface PinpadScreen {
  online: boolean;
  display: string;
  amountCents: number | undefined;
  waitingFor: 'card' | 'answer' | undefined;
}

/**
 * A PIN pad on the far end of a link, speaking the RBA bytes: ACK/NAK, online/offline, resets,
 * status, amount display, text display (70.), card read (with a customer swipe on the pad) and
 * yes/no forms.
 */
export class PinpadSimulator extends EventEmitter<PinpadSimEvents> {
  readonly session: PinpadSession;
  /** The card the customer has in hand (changeable between requests). */
  card: SampleCard;
  online = false;
  display = 'Welcome';
  amountCents: number | undefined;
  private pending: 'card' | 'answer' | undefined;
  private swipeTimer: ReturnType<typeof setTimeout> | undefined;
  private corrupt: number;

  constructor(
    write: (bytes: Buffer) => Promise<void> | void,
    private readonly options: PinpadSimOptions = {},
  ) {
    super();
    this.corrupt = options.corruptFrames ?? 0;
    this.card = options.card ?? SAMPLE_CARDS.visa;
    this.session = new PinpadSession((bytes) => write(this.maybeCorrupt(bytes)), { ackTimeoutMs: options.ackTimeoutMs ?? 3000 });
    this.session.on('message', (frame) => this.onMessage(frame));
  }

  receive(chunk: Uint8Array): void {
    this.session.receive(chunk);
  }

  /** The customer swipes on the pad; answers a pending card request. False when none is pending. */
  customerSwipe(card: SampleCard = this.card): boolean {
    if (this.pending !== 'card') return false;
    this.pending = undefined;
    clearTimeout(this.swipeTimer);
    const failed = card.failed?.some(Boolean);
    const data = failed ? '1' : cardReadReplyData({ status: 'read', tracks: card.tracks.filter((t): t is string => t !== null) });
    this.reply(MSG.cardRead, data);
    this.display = 'Processing';
    return true;
  }

  /**
   * True once the pad asks for a card: at once if it is asking, as soon as the counter's request
   * arrives if not, false if it has not within `withinMs` or is asking a question instead. A hand
   * quicker than the counter's request (a trainee pressing the pad's swipe as the sale starts) is
   * not refused for a few milliseconds.
   */
  askedForCard(withinMs: number): Promise<boolean> {
    if (this.pending !== undefined) return Promise.resolve(this.pending === 'card');
    return new Promise((resolve) => {
      const done = (asked: boolean): void => {
        clearTimeout(timer);
        this.off('asking', onAsking);
        resolve(asked);
      };
      const onAsking = (what: 'card' | 'answer'): void => done(what === 'card');
      const timer = setTimeout(() => done(false), withinMs);
      this.on('asking', onAsking);
    });
  }

  /** The customer presses Yes or No on a question left on screen; false when none is. */
  customerKey(key: 'Y' | 'N' = this.options.answer ?? 'Y'): boolean {
    if (this.pending !== 'answer') return false;
    this.pending = undefined;
    this.reply(MSG.form, `0${key}`);
    this.display = key === 'Y' ? 'Processing' : 'Cancelled';
    return true;
  }

  /** The customer presses the red key: a pending card request or question ends as cancelled. */
  customerCancel(): void {
    if (this.pending === 'card') this.reply(MSG.cardRead, '2');
    if (this.pending === 'answer') this.reply(MSG.form, '2');
    if (this.pending !== undefined) this.display = 'Cancelled';
    this.pending = undefined;
    clearTimeout(this.swipeTimer);
  }

  /** What the customer sees on the pad now. */
  screen(): PinpadScreen {
    return { online: this.online, display: this.display, amountCents: this.amountCents, waitingFor: this.pending };
  }

  close(): void {
    clearTimeout(this.swipeTimer);
    this.session.close();
  }

  private autoSwipe(): boolean {
    const auto = this.options.autoSwipe ?? true;
    return typeof auto === 'function' ? auto() : auto;
  }

  private autoAnswer(): boolean {
    const auto = this.options.autoAnswer ?? true;
    return typeof auto === 'function' ? auto() : auto;
  }

  private maybeCorrupt(bytes: Buffer): Buffer {
    const last = bytes.length >= 2 ? bytes[bytes.length - 2] : undefined;
    if (this.corrupt > 0 && (last === ETX || last === SO)) {
      this.corrupt--;
      const copy = Buffer.from(bytes);
      copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
      return copy;
    }
    return bytes;
  }

  private reply(id: string, data: string): void {
    this.emit('sent', { id, data });
    // A reply the counter never ACKs is dropped after the retries, as a real pad does.
    this.session.send(id, data).catch(() => undefined);
  }

  private onMessage(frame: PinpadFrame): void {
    this.emit('received', frame);
    switch (frame.id) {
      case MSG.online:
        this.online = true;
        this.display = 'Welcome';
        break;
      case MSG.offline:
        this.online = false;
        this.display = 'Closed';
        break;
      case MSG.hardReset:
      case MSG.softReset:
        this.pending = undefined;
        this.amountCents = undefined;
        clearTimeout(this.swipeTimer);
        this.display = 'Welcome';
        break;
      case MSG.status:
        this.reply(MSG.status, this.pending ? '01' : '00');
        break;
      case MSG.amount:
        this.amountCents = /^\d+$/.test(frame.data) ? Number(frame.data) : undefined;
        this.display = this.amountCents === undefined ? 'Amount error' : `Total ${(this.amountCents / 100).toFixed(2)}`;
        break;
      case MSG.cardRead:
        this.pending = 'card';
        this.display = frame.data || 'Swipe Card';
        if (this.autoSwipe()) {
          this.swipeTimer = setTimeout(() => this.customerSwipe(), this.options.swipeDelayMs ?? 0);
        }
        this.emit('asking', 'card');
        break;
      case MSG.screen:
        this.display = frame.data;
        break;
      case MSG.form: {
        this.display = frame.data.split(FS_CHAR)[1] ?? '';
        this.pending = 'answer';
        if (this.autoAnswer()) this.customerKey();
        else this.emit('asking', 'answer');
        break;
      }
      default:
        break;
    }
  }
}
