import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import type { ErrorCode } from '../../preload/contract';

/** Which JSON interface a request went to; errors and logs name it for the technician. */
export type ApiName = 'marketplace' | 'merchant';

/**
 * The failure body both interfaces answer with: `{code, "additional message", message}`. Some
 * servers send the code as a numeric string; unknown fields are kept.
 */
export const FailureBody = lazySchema(() => z.looseObject({
  code: z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]),
  'additional message': z.string().nullish(),
  message: z.string().nullish(),
}));
export type FailureBody = z.output<typeof FailureBody>;

export interface Failure {
  code: number;
  additionalMessage: string;
  message: string;
}

export function readFailureBody(body: unknown): Failure | undefined {
  const parsed = FailureBody.safeParse(body);
  if (!parsed.success) return undefined;
  return {
    code: parsed.data.code,
    additionalMessage: parsed.data['additional message'] ?? '',
    message: parsed.data.message ?? '',
  };
}

/** Codes of the failure body that have a known meaning, in words a store manager can act on. */
const FAILURE_CODES: Record<number, string> = {
  1030:
    'the identity information sent (the merchant, account or record id) could not be matched to any record the service knows; ' +
    'check the id, and that this terminal is set up for the right company',
};

export function explainFailureCode(code: number): string | undefined {
  return FAILURE_CODES[code];
}

export type ApiErrorKind =
  /** Checked before sending: nothing left the terminal. */
  | 'invalid-request'
  /** No address or credentials for a live service. */
  | 'not-configured'
  /** The service could not be reached (refused, reset, name not found). */
  | 'network'
  | 'timeout'
  /** The service answered an HTTP error status. */
  | 'http'
  /** The service answered something that is not what its contract describes. */
  | 'invalid-response';

export interface ApiErrorDetails {
  api: ApiName;
  kind: ApiErrorKind;
  /** e.g. `GET /api/manage/merchants/{merchantId}`: the route, never a request body. */
  route?: string;
  status?: number;
  failure?: Failure;
  /** Schema paths that failed (never the values). */
  issues?: Array<{ path: string; message: string }>;
  cause?: unknown;
}

const API_WORDS: Record<ApiName, string> = { marketplace: 'The marketplace service', merchant: 'The merchant service' };

function statusWords(status: number): string {
  if (status === 401 || status === 403) return 'refused this terminal\'s credentials (check the API key, secret and algorithm settings, and the clock)';
  if (status === 404) return 'has no such record';
  if (status === 408 || status === 504) return 'timed out';
  if (status === 429) return 'is busy and asked the terminal to slow down';
  if (status >= 500) return 'had an internal problem';
  return 'refused the request';
}

/**
 * Every failure of the JSON interfaces is one of these, with a message a person can act on. The
 * message never carries a request body, a header or a secret.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly api: ApiName;
  readonly kind: ApiErrorKind;
  readonly route: string | undefined;
  readonly status: number | undefined;
  readonly failure: Failure | undefined;
  readonly issues: Array<{ path: string; message: string }> | undefined;

  constructor(details: ApiErrorDetails, message?: string) {
    super(message ?? ApiError.describe(details), details.cause === undefined ? undefined : { cause: details.cause });
    this.api = details.api;
    this.kind = details.kind;
    this.route = details.route;
    this.status = details.status;
    this.failure = details.failure;
    this.issues = details.issues;
  }

  static describe(d: ApiErrorDetails): string {
    const who = API_WORDS[d.api];
    switch (d.kind) {
      case 'invalid-request':
        return `${d.api} request not sent: ${(d.issues ?? []).map((i) => `${i.path}: ${i.message}`).join('; ') || 'invalid input'}`;
      case 'not-configured':
        return `${who} is not fully configured on this terminal`;
      case 'network':
        return `${who} cannot be reached (network down or service stopped)`;
      case 'timeout':
        return `${who} did not answer in time`;
      case 'invalid-response':
        return `${who} answered something this terminal cannot read${d.route ? ` (${d.route})` : ''}`;
      case 'http': {
        const f = d.failure;
        const explained = f ? explainFailureCode(f.code) : undefined;
        const base = `${who} ${explained ? `answered code ${f?.code}: ${explained}` : statusWords(d.status ?? 0)}`;
        const detail = f && !explained ? [f.message, f.additionalMessage].filter(Boolean).join(' — ') : '';
        return `${base}${detail ? ` (${f?.code}: ${detail})` : ''}${d.status ? ` [HTTP ${d.status}]` : ''}`;
      }
    }
  }

  /** True when nothing useful came back: the caller may show what it has cached. */
  get unreachable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || (this.kind === 'http' && (this.status ?? 0) >= 500);
  }

  /** The contract's error code for this failure. */
  get posCode(): ErrorCode {
    if (this.kind === 'invalid-request') return 'BAD_INPUT';
    if (this.kind === 'timeout') return 'TIMEOUT';
    if (this.kind === 'http') {
      if (this.status === 404 || this.failure?.code === 1030) return 'NOT_FOUND';
      if (this.status === 400 || this.status === 422) return 'BAD_INPUT';
      if (this.status === 409) return 'CONFLICT';
    }
    return 'UNAVAILABLE';
  }
}
