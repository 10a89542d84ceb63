import type { Logger } from 'pino';
import type { z } from 'zod';
import { ApiError, readFailureBody, type ApiName } from './errors';
import { authHeaders, type HmacCredentials } from './hmac';

/** Where one interface lives and how to sign for it; resolved per request (settings change, training starts lazily). */
export interface ApiTarget {
  baseUrl: string;
  credentials: HmacCredentials;
}

export interface RetryPolicy {
  /** Total tries of an idempotent GET, first one included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface JsonApiOptions {
  api: ApiName;
  target(): Promise<ApiTarget>;
  now?: () => Date;
  /** Whole request, body included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  log?: Logger;
  /** Largest response body read, in bytes. */
  maxResponseBytes?: number;
}

export interface RequestSpec<T> {
  method: 'GET' | 'POST';
  /** The route as the spec writes it, e.g. `/api/manage/merchants/{merchantId}`: logs and errors use it. */
  route: string;
  /** Values of the route's `{placeholders}`; each is percent-encoded as one path segment. */
  params?: Record<string, string | number>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  schema: z.ZodType<T>;
  /** Non-2xx statuses whose body is still the operation's own answer (e.g. a lead refused with errorCode). */
  answersOnStatus?: (status: number) => boolean;
}

export interface JsonApi {
  readonly api: ApiName;
  request<T>(spec: RequestSpec<T>): Promise<T>;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 4000 };
const RETRYABLE_STATUS = new Set([408, 429, 502, 503, 504]);

/** `{name}` placeholders filled with encoded segments; a missing value is a programming error. */
export function fillRoute(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || String(value) === '') throw new Error(`route ${route} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Base URL and relative path joined with exactly one slash (the specs write some paths without a leading one). */
export function joinUrl(baseUrl: string, path: string, query?: Record<string, string | undefined>): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** Full jitter: a random delay up to an exponentially growing cap, so fifty lanes do not retry in step. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(cap * (0.5 + random() / 2));
}

function retryAfterMs(header: string | null, max: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, max) : undefined;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function networkCode(e: unknown): string | undefined {
  const cause = (e as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * The HTTP layer the marketplace and merchant clients share: signs every request, sends JSON,
 * bounds the time, retries idempotent GETs with backoff (never a POST: it may have been acted
 * on), and turns every outcome into validated data or a typed ApiError.
 */
export function createJsonApi(options: JsonApiOptions): JsonApi {
  const { api } = options;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const maxBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  const log = options.log;

  async function once<T>(spec: RequestSpec<T>, target: ApiTarget): Promise<{ value: T } | { error: ApiError; retryAfter?: number }> {
    const route = `${spec.method} ${spec.route}`;
    const url = joinUrl(target.baseUrl, fillRoute(spec.route, spec.params), spec.query);
    const auth = authHeaders(target.credentials, now());
    const headers: Record<string, string> = { accept: 'application/json', date: auth.date, authorization: auth.authorization };
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method: spec.method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > maxBytes) {
        await response.body?.cancel();
        return { error: new ApiError({ api, kind: 'invalid-response', route, status: response.status }, `${api} answer too large (${length} bytes)`) };
      }
      text = await response.text();
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return { error: new ApiError({ api, kind: 'timeout', route, cause: e }) };
      return { error: new ApiError({ api, kind: 'network', route, cause: e }) };
    }
    let json: unknown;
    let jsonOk = true;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      jsonOk = false;
    }
    const answers = response.ok || (spec.answersOnStatus?.(response.status) ?? false);
    if (!answers) {
      const failure = jsonOk ? readFailureBody(json) : undefined;
      const error = new ApiError({ api, kind: 'http', route, status: response.status, ...(failure ? { failure } : {}) });
      const wait = retryAfterMs(response.headers.get('retry-after'), retry.maxDelayMs);
      return wait === undefined ? { error } : { error, retryAfter: wait };
    }
    if (!jsonOk) return { error: new ApiError({ api, kind: 'invalid-response', route, status: response.status, issues: [{ path: '(body)', message: 'not JSON' }] }) };
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.') || '(body)', message: i.message }));
      return { error: new ApiError({ api, kind: 'invalid-response', route, status: response.status, issues }) };
    }
    return { value: parsed.data };
  }

  return {
    api,
    async request<T>(spec: RequestSpec<T>): Promise<T> {
      const target = await options.target();
      const idempotent = spec.method === 'GET';
      const attempts = idempotent ? Math.max(1, retry.attempts) : 1;
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        const outcome = await once(spec, target);
        const ms = Math.round(performance.now() - started);
        if ('value' in outcome) {
          log?.debug({ api, route: spec.route, method: spec.method, ms, attempt }, 'api call');
          return outcome.value;
        }
        const { error } = outcome;
        const retryable = error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && RETRYABLE_STATUS.has(error.status ?? 0));
        const last = attempt + 1 >= attempts || !retryable;
        log?.[last ? 'warn' : 'debug'](
          { api, route: spec.route, method: spec.method, ms, attempt, kind: error.kind, status: error.status, failureCode: error.failure?.code, network: networkCode(error.cause), issues: error.issues },
          last ? 'api call failed' : 'api call failed; retrying',
        );
        if (last) throw error;
        await sleep(outcome.retryAfter ?? backoffDelay(retry, attempt));
      }
    },
  };
}
