import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { GatewayState, Language, Mode, TrainingFaultInput, TrainingFaultState } from '../../preload/contract';
import { PosError } from '../api/errors';
import type { GatewaySettings } from './settings-port';
import type { GatewayTraining, TrainingGateway } from './training-port';
import type { Service } from '../service';
import type { GatewayLease } from './lease';
import type { BuilderContext, GatewayLanguage } from './builders';
import { createGatewayClient, type ExchangeInfo, type GatewayClient, type GatewayRequest } from './client';
import { describeOutcome, type GatewayOutcome } from './outcome';
import { isPlainHttp, plainHttpThroughProxy } from './route';
import type { OperationName, ResultOf } from './schema';

/** The gateway's codes for the terminal's languages (the Language field of every request). */
const GATEWAY_LANGUAGE: Record<Language, GatewayLanguage> = { en: 'EN', fr: 'FR' };

export interface GatewayServiceDeps<Sim extends TrainingGateway = TrainingGateway> {
  settings: GatewaySettings;
  log: Logger;
  mode(): Mode;
  /** Whether sealed settings can be read on this host (the terminal key is unlocked). */
  canUnseal(): boolean;
  now(): Date;
  /** Called when the gateway state changes (the core refreshes its status). */
  onStateChange(): void;
  /** Training's gateway (training/gateway/provider.ts): the simulator a training client talks to, and its fault switch. */
  training: GatewayTraining<Sim>;
}

/** How long a connection failure keeps the live gateway "known offline" (sales then go offline without waiting). */
const KNOWN_OFFLINE_MS = 60_000;

/** Credentials the in-process simulator is reached with when the terminal has none of its own. */
export const TRAINING_CREDENTIALS = { gatewayId: 'TRAINING', password: 'training' } as const;

interface Active<Sim> {
  fingerprint: string;
  mode: Mode;
  client: GatewayClient;
  simulator?: Sim;
  simulatorKey?: string;
}

/**
 * The terminal's gateway: in live mode a client for the configured gateway; in training mode the
 * simulator runs in-process on a loopback port and the same client talks to it over real HTTP.
 * Settings changes (mode, address, credentials, keys, time-outs) take effect at the next call.
 * The gateway state (training / unknown / online / offline) comes from real exchanges.
 */
export class GatewayService<Sim extends TrainingGateway = TrainingGateway> implements Service {
  readonly name = 'gateway';
  private active: Active<Sim> | undefined;
  private switching: Promise<Active<Sim>> | undefined;
  private lastExchange: 'online' | 'offline' | undefined;
  /** When the first of the failed attempts since the last one that got through was made (this mode's gateway, simulator included). */
  private failingSince: Date | undefined;
  /** When the live gateway last could not be reached at all (nothing sent). */
  private lastNotSentAt = 0;
  /** Sales and forwarding rounds holding a client: a settings change retires it only when they are done. */
  private readonly leases = new Map<Active<Sim>, number>();
  private readonly retired = new Map<Active<Sim>, boolean>();
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private clientAtStart = true;

  constructor(private readonly deps: GatewayServiceDeps<Sim>) {}

  /**
   * The client (soap, its parsed WSDL, training's simulated gateway) is made by the first sale,
   * forwarding round or gateway call instead of at start: an idle headless lane does not hold it.
   * That first call pays for it (tens of ms, at the tender, before the customer swipes).
   */
  buildClientOnFirstUse(): void {
    this.clientAtStart = false;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = this.deps.settings.onChange(() => {
      // Reconfigure eagerly so a switch to training starts the simulator before the next sale.
      if (this.active && this.fingerprint() !== this.active.fingerprint) void this.client().catch(() => undefined);
    });
    // A gateway that cannot be set up (unreadable CA file...) must not keep the terminal from
    // starting: the error is logged now and answered to every payment until it is fixed.
    if (this.clientAtStart) await this.client().catch((err: unknown) => this.deps.log.error({ err }, 'gateway client could not be set up'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.switching?.catch(() => undefined);
    await this.release(this.active);
    for (const [retired, closeSimulator] of this.retired) await this.dispose(retired, closeSimulator);
    this.retired.clear();
    this.active = undefined;
  }

  state(): GatewayState {
    if (this.deps.mode() === 'training') return 'training';
    return this.active?.mode === 'live' ? (this.lastExchange ?? 'unknown') : 'unknown';
  }

  /**
   * Since when the gateway of the mode shown cannot be reached (ISO 8601), once an attempt failed:
   * the training simulator's faults count too, so a trainee sees what a cashier would.
   */
  offlineSince(): string | undefined {
    if (this.active?.mode !== this.deps.mode() || this.lastExchange !== 'offline') return undefined;
    return this.failingSince?.toISOString();
  }

  /**
   * Live over plain http straight to this machine (a local gateway or TLS proxy), shown as such.
   * Never with a proxy: that route is refused (routeRefused), so nothing travels on it.
   */
  unencrypted(): boolean {
    const s = this.deps.settings;
    return this.deps.mode() === 'live' && isPlainHttp(s.get('gateway.url')) && s.get('gateway.proxy') === '';
  }

  /**
   * Why the live gateway is not used, when its settings (stored by an older version, or written
   * straight to the database) would send payments over plain http through a proxy; see ./route.ts.
   */
  routeRefused(): string | undefined {
    if (this.deps.mode() !== 'live') return undefined;
    return plainHttpThroughProxy(this.deps.settings.get('gateway.url'), this.deps.settings.get('gateway.proxy'));
  }

  builderContext(): BuilderContext {
    return {
      keyedEcommerceFlag: this.deps.settings.get('gateway.keyedEcommerceFlag'),
      now: this.deps.now(),
      language: GATEWAY_LANGUAGE[this.deps.settings.get('terminal.language')],
    };
  }

  async send<O extends OperationName>(op: O, request: GatewayRequest<O>): Promise<GatewayOutcome<ResultOf<O>>> {
    const client = await this.client();
    // A training fault set by another process (posctl) applies to this very request.
    await this.active?.simulator?.syncFaults();
    const outcome = await client.send(op, request);
    if (outcome.kind !== 'approved') this.deps.log.info({ operation: op, outcome: outcome.kind }, `gateway: ${describeOutcome(outcome)}`);
    return outcome;
  }

  /**
   * A payment is being rung up at the register (its amount's first digit), its tender to come: the
   * client is made now if it was not yet and, on a live lane, a connection is opened and kept ready a
   * short while (http-transport.ts expectSale), so a customer who swipes right after the tender on a
   * slow link does not wait for the handshakes. Whether a connection is being readied.
   */
  async expectSale(): Promise<boolean> {
    const client = await this.client();
    const active = this.active;
    if (active?.client !== client || !this.mayDialAhead(active)) return false;
    client.expectSale();
    return true;
  }

  /**
   * Live only: the handshakes are worth hiding on a real network, and a gateway known to be offline
   * is not dialled. (The training simulator is on this machine, and its faults are decided at each request.)
   */
  private mayDialAhead(active: Active<Sim>): boolean {
    return active.mode === 'live' && !this.failedToConnectLately();
  }

  /** Only a connection that could not even open, moments ago: a slow or failing gateway is still tried. */
  private failedToConnectLately(): boolean {
    return this.lastExchange === 'offline' && this.deps.now().getTime() - this.lastNotSentAt < KNOWN_OFFLINE_MS;
  }

  /** The client for the current settings, (re)built when they changed. */
  async client(): Promise<GatewayClient> {
    if (this.stopped) throw new PosError('UNAVAILABLE', 'the gateway service is stopped');
    const fingerprint = this.fingerprint();
    if (this.active?.fingerprint === fingerprint) return this.active.client;
    if (!this.switching) {
      this.switching = this.reconfigure(fingerprint).finally(() => (this.switching = undefined));
    }
    const active = await this.switching;
    return active.fingerprint === this.fingerprint() ? active.client : this.client();
  }

  /** The gateway's sealed settings; none while the key is locked (the terminal is then in training and needs none). */
  private secrets(): { password?: string; hmacKey?: string; proxyPassword?: string } {
    const s = this.deps.settings;
    if (!this.deps.canUnseal()) return {};
    const read = (key: 'gateway.password' | 'gateway.hmacKey' | 'gateway.proxyPassword'): string | undefined => (s.isSet(key) ? s.readSecret(key) : undefined);
    const password = read('gateway.password');
    const hmacKey = read('gateway.hmacKey');
    const proxyPassword = read('gateway.proxyPassword');
    return { ...(password !== undefined ? { password } : {}), ...(hmacKey !== undefined ? { hmacKey } : {}), ...(proxyPassword !== undefined ? { proxyPassword } : {}) };
  }

  /**
   * Everything the client depends on. Secrets count by their stamp, which changes when one is
   * written again: nothing is unsealed on a payment's path unless the settings changed.
   */
  private fingerprint(): string {
    const s = this.deps.settings;
    return JSON.stringify([
      this.deps.mode(),
      this.deps.canUnseal(),
      ...(['gateway.url', 'gateway.namespace', 'gateway.gatewayId', 'gateway.hmacKeyId', 'gateway.timeoutMs', 'gateway.connectTimeoutMs', 'gateway.proxy', 'gateway.proxyUser', 'gateway.caFile', 'gateway.trainingDuplicateMinutes', 'gateway.idleConnectionSeconds', 'gateway.keepWarmSeconds'] as const).map((k) => s.get(k)),
      s.secretStamp('gateway.password') ?? null,
      s.secretStamp('gateway.hmacKey') ?? null,
      s.secretStamp('gateway.proxyPassword') ?? null,
    ]);
  }

  private async reconfigure(fingerprint: string): Promise<Active<Sim>> {
    const s = this.deps.settings;
    const mode = this.deps.mode();
    // Refused, not repaired: without the proxy the request would bypass IT's network, with it the tracks travel in clear.
    const refused = this.routeRefused();
    if (refused) throw new PosError('UNAVAILABLE', `the live gateway is not used: ${refused}`);
    const previous = this.active;
    const secrets = this.secrets();
    const hmacKeyId = s.get('gateway.hmacKeyId');
    const hmac = hmacKeyId && secrets.hmacKey ? { keyId: hmacKeyId, key: secrets.hmacKey } : undefined;
    const namespace = s.get('gateway.namespace');
    // The simulator (and its history) survives changes that do not concern it.
    const simulatorKey = JSON.stringify([namespace, hmac ?? null]);
    const kept = mode === 'training' && previous?.simulatorKey === simulatorKey ? previous.simulator : undefined;
    const simulator = mode === 'training' && !kept ? await this.deps.training.start({ namespace, ...(hmac ? { hmac } : {}) }) : kept;
    try {
      return await this.activate({ fingerprint, mode, previous, namespace, hmac, secrets, simulator, simulatorKey });
    } catch (e) {
      // A simulator started for a client that could not be made (an unreadable CA file...) would
      // listen on, holding the process open, and each retry would start one more.
      if (simulator && simulator !== kept) await simulator.close().catch(() => undefined);
      throw e;
    }
  }

  private async activate(o: {
    fingerprint: string;
    mode: Mode;
    previous: Active<Sim> | undefined;
    namespace: string;
    hmac: { keyId: string; key: string } | undefined;
    secrets: { password?: string; proxyPassword?: string };
    simulator: Sim | undefined;
    simulatorKey: string;
  }): Promise<Active<Sim>> {
    const s = this.deps.settings;
    const { fingerprint, mode, previous, namespace, hmac, secrets, simulator, simulatorKey } = o;
    simulator?.engine.setDuplicateWindow(s.get('gateway.trainingDuplicateMinutes'));
    const caFile = s.get('gateway.caFile');
    let ca: string | undefined;
    if (caFile) {
      try {
        ca = readFileSync(caFile, 'utf8');
      } catch (e) {
        throw new PosError('UNAVAILABLE', `cannot read gateway.caFile (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    }
    const client = await createGatewayClient({
      url: simulator ? simulator.url : s.get('gateway.url'),
      namespace,
      gatewayId: s.get('gateway.gatewayId') || TRAINING_CREDENTIALS.gatewayId,
      password: secrets.password ?? TRAINING_CREDENTIALS.password,
      connectTimeoutMs: s.get('gateway.connectTimeoutMs'),
      timeoutMs: s.get('gateway.timeoutMs'),
      aheadMaxAgeMs: s.get('gateway.idleConnectionSeconds') * 1000,
      keepWarmMs: s.get('gateway.keepWarmSeconds') * 1000,
      ...(s.get('gateway.proxy') && !simulator ? { proxy: s.get('gateway.proxy') } : {}),
      ...(s.get('gateway.proxy') && !simulator && s.get('gateway.proxyUser') ? { proxyCredentials: { user: s.get('gateway.proxyUser'), password: secrets.proxyPassword ?? '' } } : {}),
      ...(hmac ? { hmac } : {}),
      ...(ca ? { ca } : {}),
      now: () => this.deps.now(),
      onExchange: (info) => this.recordExchange(mode, info),
    });
    const active: Active<Sim> = { fingerprint, mode, client, ...(simulator ? { simulator, simulatorKey } : {}) };
    // The old client goes; its simulator too unless the new one keeps it.
    if (previous) await this.retire(previous, previous.simulator !== undefined && previous.simulator !== simulator);
    if (previous?.mode !== mode) {
      this.lastExchange = undefined;
      this.failingSince = undefined;
    }
    this.active = active;
    this.deps.log.info({ mode, gateway: simulator ? 'training simulator' : s.get('gateway.url') }, 'gateway client ready');
    this.deps.onStateChange();
    return active;
  }

  /**
   * Live and training alike (a training fault shows as the live gateway's failure would); an
   * exchange of a client kept by a sale across a change of mode says nothing about the new one.
   */
  private recordExchange(mode: Mode, info: ExchangeInfo): void {
    if (mode !== this.active?.mode || info.kind === 'invalid') return;
    if (info.kind === 'not-sent') this.lastNotSentAt = this.deps.now().getTime();
    // Any answer, even a refusal, proves the gateway reachable; 5xx and silence do not.
    const reachable = info.answered && !(info.kind === 'http-error' && (info.status ?? 0) >= 500);
    const next = reachable ? 'online' : 'offline';
    if (next !== this.lastExchange) {
      this.lastExchange = next;
      this.failingSince = reachable ? undefined : this.deps.now();
      this.deps.onStateChange();
    }
  }

  private async release(active: Active<Sim> | undefined): Promise<void> {
    active?.client.close();
    await active?.simulator?.close();
  }

  /**
   * Sets the training gateway's fault (FORBIDDEN when live). It is written to the training file,
   * which the simulator of this process or of another one reads before its next request.
   */
  async setTrainingFault(input: TrainingFaultInput): Promise<TrainingFaultState> {
    if (this.deps.mode() !== 'training') throw new PosError('FORBIDDEN', 'training faults exist only in training mode');
    const running = this.active?.simulator;
    if (running) return running.setFault(input);
    const store = this.deps.training.openFaultSwitch();
    if (!store) return (await this.startedSimulator()).setFault(input);
    try {
      return store.setFault(input);
    } finally {
      store.close();
    }
  }

  /** Without a training file the fault lives in the simulator's memory: it has to be running. */
  private async startedSimulator(): Promise<Sim> {
    await this.client();
    const simulator = this.active?.simulator;
    if (!simulator) throw new PosError('UNAVAILABLE', 'the training simulator is not running');
    return simulator;
  }

  /**
   * The client of the current settings for one sale or one forwarding round: it keeps its mode,
   * address and credentials (and its simulator) until released, even if the settings change
   * meanwhile, so a sale is never split between training and live.
   */
  async lease(): Promise<GatewayLease> {
    await this.client();
    const active = this.active;
    if (!active) throw new PosError('UNAVAILABLE', 'the gateway is not set up');
    this.leases.set(active, (this.leases.get(active) ?? 0) + 1);
    let released = false;
    let held = false;
    return {
      mode: active.mode,
      send: async (op, request) => {
        await active.simulator?.syncFaults();
        const outcome = await active.client.send(op, request as GatewayRequest<typeof op>);
        if (outcome.kind !== 'approved') this.deps.log.info({ operation: op, outcome: outcome.kind }, `gateway: ${describeOutcome(outcome)}`);
        return outcome;
      },
      builderContext: () => this.builderContext(),
      knownOffline: () => active.mode === 'live' && this.failedToConnectLately(),
      preconnect: () => {
        if (!this.mayDialAhead(active)) return;
        held = true;
        active.client.preconnect();
      },
      release: () => {
        if (released) return;
        released = true;
        // A cancelled sale holds no connection for ten minutes: only the warm window after it.
        if (held) active.client.releaseHold();
        const left = (this.leases.get(active) ?? 1) - 1;
        if (left > 0) this.leases.set(active, left);
        else {
          this.leases.delete(active);
          const closeSimulator = this.retired.get(active);
          if (closeSimulator !== undefined) {
            this.retired.delete(active);
            void this.dispose(active, closeSimulator);
          }
        }
      },
    };
  }

  private async retire(previous: Active<Sim>, closeSimulator: boolean): Promise<void> {
    if ((this.leases.get(previous) ?? 0) > 0) this.retired.set(previous, closeSimulator);
    else await this.dispose(previous, closeSimulator);
  }

  private async dispose(active: Active<Sim>, closeSimulator: boolean): Promise<void> {
    active.client.close();
    if (closeSimulator) await active.simulator?.close();
  }

  /** The in-process simulator while in training mode (tests and the training history). */
  simulator(): Sim | undefined {
    return this.active?.simulator;
  }
}
