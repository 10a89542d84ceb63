import type { Logger } from 'pino';
import { PinpadClient, type PadAnswer, type PadCardResult } from '../../native/pinpad/client';
import { PinpadSession } from '../../native/pinpad/session';
import type { ByteLink } from '../../native/transport/link';
import { DeviceIdentity, healthOf, type DeviceDescriptor, type DeviceHealth, type DeviceRuntime, type DeviceSink } from './device-runtime';

const ONLINE_RETRY_MS = 5000;

export interface PinpadDeviceOptions {
  ackTimeoutMs: number;
  maxAttempts: number;
  now: () => Date;
}

/**
 * A PIN pad: its link, the ACK/NAK session and the counter-side client the payments layer drives.
 * The pad is told to go online each time its link (re)connects.
 */
export class PinpadDevice extends DeviceIdentity<'pinpad'> implements DeviceRuntime {
  readonly session: PinpadSession;
  readonly client: PinpadClient;
  private answered = false;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    descriptor: DeviceDescriptor,
    readonly link: ByteLink,
    private readonly sink: DeviceSink,
    private readonly log: Logger,
    options: PinpadDeviceOptions,
  ) {
    super({ ...descriptor, kind: 'pinpad' });
    this.session = new PinpadSession((bytes) => link.write(bytes), { ackTimeoutMs: options.ackTimeoutMs, maxAttempts: options.maxAttempts });
    this.client = new PinpadClient(this.session, options.now, (err, event) => log.error({ device: this.id, event, err }, 'a PIN pad listener threw; the others still ran'));
    link.on('data', (chunk) => this.session.receive(chunk));
    link.on('status', (status) => {
      this.answered = false;
      clearTimeout(this.retry);
      if (status.state === 'connected') this.goOnline();
      else {
        this.session.linkDown();
        this.client.release();
      }
      sink.changed(this);
    });
    this.session.on('problem', (problem) => log.debug({ device: this.id, problem }, 'PIN pad link'));
    this.client.on('activity', (activity, extra) => sink.pinpadActivity(this, activity, extra));
    this.client.on('unsolicited', (frame) => log.info({ device: this.id, message: frame.id }, 'unsolicited PIN pad message'));
  }

  /**
   * Asks the customer to swipe on the pad and answers the caller. The sink hears the card or the
   * failed read too, as the answer to a request: the device manager counts and logs it but does
   * not broadcast it (the caller decides what to show); posctl's watch prints it.
   */
  async readCard(prompt = 'Swipe Card', timeoutMs = 60_000, signal?: AbortSignal): Promise<PadCardResult> {
    const result = await this.client.requestCard(prompt, timeoutMs, signal);
    if (result.status === 'read') this.sink.card(this, result.card, 'pinpad');
    else if (result.status === 'error') this.sink.failure(this, result.error);
    return result;
  }

  /** A yes/no question on the pad; the answer is also published as `pinpad.answer`. */
  async askYesNo(prompt: string, timeoutMs = 60_000): Promise<PadAnswer> {
    const answer = await this.client.askYesNo(prompt, timeoutMs);
    this.sink.pinpadAnswer(this, answer);
    return answer;
  }

  /**
   * A port can be open with nothing answering on it (pad switched off, wrong cable): the pad
   * counts as connected once it acknowledged "online"; until then the counter keeps asking.
   */
  private goOnline(): void {
    this.client.online().then(
      () => {
        this.answered = true;
        this.sink.changed(this);
      },
      (e: unknown) => {
        this.log.warn({ device: this.id, err: e }, 'PIN pad did not answer "online"; asking again shortly');
        if (this.link.status.state === 'connected' && !this.stopped) this.retry = setTimeout(() => this.goOnline(), ONLINE_RETRY_MS);
      },
    );
  }

  health(): DeviceHealth {
    const h = healthOf(this.link.status);
    if (h.state === 'connected' && !this.answered) return { state: 'connecting', detail: `${this.address ?? 'port'} open; waiting for the PIN pad to answer` };
    return h;
  }

  start(): void {
    this.link.open();
    // An in-process link is connected from the start and reports no change.
    if (this.link.status.state === 'connected') this.goOnline();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.session.close();
    this.client.release();
    await this.link.close();
  }

  async checkLink(): Promise<{ ok: boolean; detail: string }> {
    const h = this.health();
    if (h.state !== 'connected') return { ok: false, detail: h.detail ?? h.state };
    // A status request would wait behind the customer's card request or question: answer from
    // what the pad last said rather than keep the tester (or the sale) waiting.
    if (this.client.busy) return { ok: true, detail: 'PIN pad connected and busy with a request (not asked for its status now)' };
    const started = Date.now();
    try {
      const status = await this.client.status();
      return { ok: status.ready, detail: `PIN pad answered the status request: ${status.ready ? 'ready' : `busy (status ${status.code})`} in ${Date.now() - started} ms` };
    } catch (e) {
      return { ok: false, detail: `PIN pad did not answer: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
}
