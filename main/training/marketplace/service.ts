import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { HmacAlgorithm } from '../../http/hmac';
import type { TrainingEndpoint } from '../../http/api-source';
import type { Service } from '../../service';
import type { SimServer } from './sim-http';

/**
 * Runs one training simulator as a core service: on a loopback port, with credentials made up
 * for this run, started when the core starts in training or on the first request (posctl does
 * not start services), stopped with the core.
 */
export class TrainingSimulatorService<S extends SimServer & { baseUrl: string }> implements Service, TrainingEndpoint {
  private server: S | undefined;
  private starting: Promise<S> | undefined;
  private readonly credentials: { apiKey: string; apiSecret: string; algorithm: HmacAlgorithm };

  constructor(
    readonly name: string,
    private readonly o: {
      start(credentials: { apiKey: string; apiSecret: string; algorithm: HmacAlgorithm }): Promise<S>;
      companyId(server: S): string;
      /** Whether training is wanted now (no URL configured). */
      wanted(): boolean;
      algorithm: HmacAlgorithm;
      log: Logger;
    },
  ) {
    this.credentials = { apiKey: `training-${randomBytes(6).toString('hex')}`, apiSecret: randomBytes(32).toString('base64'), algorithm: o.algorithm };
  }

  async start(): Promise<void> {
    if (this.o.wanted()) await this.running();
  }

  async stop(): Promise<void> {
    const server = this.server ?? (await this.starting?.catch(() => undefined));
    this.server = undefined;
    this.starting = undefined;
    await server?.close();
  }

  /** The running simulator (started now if needed). */
  running(): Promise<S> {
    if (this.server) return Promise.resolve(this.server);
    this.starting ??= this.o.start(this.credentials).then((s) => {
      this.server = s;
      this.o.log.info({ simulator: this.name, url: s.baseUrl }, 'training simulator listening');
      return s;
    });
    return this.starting;
  }

  async ensure() {
    const s = await this.running();
    return { baseUrl: s.baseUrl, credentials: this.credentials, companyId: this.o.companyId(s) };
  }
}
