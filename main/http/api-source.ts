import type { Logger } from 'pino';
import { SealError } from '../store/sealing';
import { createJsonApi, type ApiTarget, type JsonApi, type RetryPolicy } from './client';
import { ApiError, type ApiName } from './errors';
import type { HmacAlgorithm, HmacCredentials } from './hmac';

/** The simulator that answers in training mode: started on first need, on a loopback port. */
export interface TrainingEndpoint {
  ensure(): Promise<{ baseUrl: string; credentials: HmacCredentials; companyId: string }>;
}

/**
 * The five settings of one interface (`<api>.url`, `.apiKey`, `.apiSecret`, `.algorithm`,
 * `.companyId`), read on every request; the composition hands them over (config/api-settings.ts),
 * so http/ knows no settings store.
 */
export interface ApiSettings {
  url(): string;
  apiKey(): string;
  /** Undefined when not set; throws SealError when it is set but cannot be unsealed here. */
  apiSecret(): string | undefined;
  algorithm(): HmacAlgorithm;
  companyId(): string;
}

export interface ApiSourceOptions {
  api: ApiName;
  settings: ApiSettings;
  training: TrainingEndpoint;
  log: Logger;
  now: () => Date;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

/**
 * Where one interface is reached, read from its five settings on every request: a configured
 * URL means the live service with the configured key, secret and algorithm; no URL means the
 * built-in simulator with credentials it made up for this run.
 */
export interface ApiSource {
  readonly api: JsonApi;
  /** True when no URL is configured: the training simulator answers. */
  training(): boolean;
  /** Keeps cached answers of different services and companies apart. */
  namespace(): string;
  companyId(): Promise<string>;
}

export function createApiSource(o: ApiSourceOptions): ApiSource {
  const key = <S extends 'url' | 'apiKey' | 'algorithm' | 'companyId'>(s: S) => `${o.api}.${s}` as const;
  const url = (): string => o.settings.url();
  const training = (): boolean => url() === '';

  async function target(): Promise<ApiTarget> {
    if (training()) {
      const sim = await o.training.ensure();
      return { baseUrl: sim.baseUrl, credentials: sim.credentials };
    }
    const apiKey = o.settings.apiKey();
    const secretKey = `${o.api}.apiSecret` as const;
    let apiSecret: string | undefined;
    try {
      apiSecret = o.settings.apiSecret();
    } catch (e) {
      // The terminal key is locked or lost here (the status says why): the secret is set but unreadable.
      if (!(e instanceof SealError)) throw e;
      throw new ApiError({ api: o.api, kind: 'not-configured' }, `${o.api} service: ${secretKey} cannot be read on this computer (${e.message})`);
    }
    if (!apiKey || !apiSecret) {
      const missing = [!apiKey && key('apiKey'), !apiSecret && secretKey].filter(Boolean).join(' and ');
      throw new ApiError({ api: o.api, kind: 'not-configured' }, `${o.api} service: ${url()} is configured but ${missing} is not set`);
    }
    return { baseUrl: url(), credentials: { apiKey, apiSecret, algorithm: o.settings.algorithm() } };
  }

  const api = createJsonApi({
    api: o.api,
    target,
    now: o.now,
    log: o.log,
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.retry ? { retry: o.retry } : {}),
  });

  /** In training the simulator's company, whatever is configured for the live service. */
  async function companyId(): Promise<string> {
    return training() ? (await o.training.ensure()).companyId : o.settings.companyId();
  }

  return {
    api,
    training,
    companyId,
    namespace() {
      // Never starts the simulator: cached answers must be readable with nothing running.
      return training() ? `${o.api}:training` : `${o.api}:${url()}|${o.settings.companyId()}`;
    },
  };
}
