import type { RuleIssue } from './rules';

/**
 * The one error taxonomy of the gateway. Every call ends in exactly one of these kinds, and only
 * `approved` moves money. The last three say what a caller may do next:
 * - `not-sent`: nothing left this machine (or the connection never opened): safe to retry as is.
 * - `unknown`: the request was sent and no usable answer came back (time-out, dropped connection,
 *   unreadable answer). The gateway may have approved it: look it up before sending again.
 * - `http-error` / `fault`: the gateway answered, but not with a result; `retry` tells whether the
 *   outcome may still be pending (5xx, soap:Server) or the request was refused (4xx, soap:Client).
 */
export type GatewayOutcome<R> =
  | { kind: 'approved'; result: R }
  | { kind: 'declined'; bankCode: string; bankMessage: string; result: R }
  | { kind: 'rejected'; gatewayCode: string; gatewayMessage: string; result: R }
  | { kind: 'fault'; faultCode: string; faultString: string; errorNumber?: string; errorDescription?: string; soapClient?: true; retry: RetryAdvice }
  | { kind: 'http-error'; status: number; message: string; retry: RetryAdvice }
  | { kind: 'unknown'; reason: UnknownReason; message: string; retry: 'lookup-first' }
  | { kind: 'not-sent'; reason: NotSentReason; message: string; retry: 'safe' }
  | { kind: 'invalid'; issues: RuleIssue[]; message: string; retry: 'fix-request' };

export type OutcomeKind = GatewayOutcome<unknown>['kind'];
export type RetryAdvice = 'safe' | 'lookup-first' | 'fix-request';
export type UnknownReason = 'timeout' | 'connection-lost' | 'response-too-large' | 'unsafe-xml' | 'malformed-response';
export type NotSentReason = 'connect-timeout' | 'connect-failed' | 'tls' | 'proxy' | 'timeout' | 'bad-address';

interface OutcomeFields {
  Transaction_Error: boolean;
  Transaction_Approved: boolean;
  Gateway_Resp_Code: string;
  Gateway_Message: string;
  Bank_Resp_Code?: string;
  Bank_Message?: string;
}

/**
 * Approved if and only if Transaction_Approved is true. Otherwise a gateway code other than 00 is
 * a rejection by the gateway, and 00 with approved false is the bank's decline. An approval that
 * its own error flag or gateway code contradicts is not trusted either way: the outcome is unknown.
 */
export function outcomeOfResult<R extends OutcomeFields>(result: R): GatewayOutcome<R> {
  const gatewayCode = result.Gateway_Resp_Code.trim();
  if (result.Transaction_Approved) {
    const contradiction = result.Transaction_Error
      ? 'Transaction_Error is true'
      : gatewayCode !== '00'
        ? 'Gateway_Resp_Code is not 00'
        : undefined;
    if (!contradiction) return { kind: 'approved', result };
    return unreadable(`Transaction_Approved is true but ${contradiction}`);
  }
  if (gatewayCode !== '00') return { kind: 'rejected', gatewayCode, gatewayMessage: result.Gateway_Message.trim(), result };
  return { kind: 'declined', bankCode: (result.Bank_Resp_Code ?? '').trim(), bankMessage: (result.Bank_Message ?? '').trim(), result };
}

/** An answer came back but cannot be read with certainty: the gateway may have approved the request. */
export function unreadable(why: string): GatewayOutcome<never> {
  return { kind: 'unknown', reason: 'malformed-response', message: `the gateway's answer cannot be read with certainty (${why}); outcome unknown, look it up before sending again`, retry: 'lookup-first' };
}

export function httpErrorOutcome(status: number, statusText: string): GatewayOutcome<never> {
  // 5xx: the server failed somewhere, perhaps after processing. 4xx: the request was refused.
  const retry: RetryAdvice = status >= 500 ? 'lookup-first' : 'fix-request';
  const hint = status === 401 || status === 403 ? ' (check gateway.gatewayId, gateway.password and the HMAC key)' : '';
  return { kind: 'http-error', status, message: `the gateway answered HTTP ${status}${statusText ? ` ${statusText}` : ''}${hint}`, retry };
}

export function faultOutcome(fault: { faultCode: string; faultString: string; errorNumber?: string; errorDescription?: string; soapClient?: true }): GatewayOutcome<never> {
  // SOAP's Client fault (by namespace: answer-reader.ts) means the envelope was refused as such;
  // any other fault may hide a processed request.
  const retry: RetryAdvice = fault.soapClient ? 'fix-request' : 'lookup-first';
  return { kind: 'fault', ...fault, retry };
}

/** Whether the gateway may have processed the request (so it must not simply be sent again). */
export function mayHaveBeenProcessed(outcome: GatewayOutcome<unknown>): boolean {
  return outcome.kind === 'unknown' || ((outcome.kind === 'fault' || outcome.kind === 'http-error') && outcome.retry === 'lookup-first');
}

/** posctl's exit code: 0 approved, 1 declined or rejected, 2 anything else. */
export function exitCodeOf(outcome: GatewayOutcome<unknown>): 0 | 1 | 2 {
  if (outcome.kind === 'approved') return 0;
  if (outcome.kind === 'declined' || outcome.kind === 'rejected') return 1;
  return 2;
}

/** One line for a cashier or a log (no card data: codes and the gateway's words only). */
export function describeOutcome(outcome: GatewayOutcome<unknown>): string {
  switch (outcome.kind) {
    case 'approved':
      return 'approved';
    case 'declined':
      return `declined by the bank: ${outcome.bankCode} ${outcome.bankMessage}`.trim();
    case 'rejected':
      return `rejected by the gateway: ${outcome.gatewayCode} ${outcome.gatewayMessage}`.trim();
    case 'fault':
      return `SOAP fault ${outcome.faultCode}: ${outcome.faultString}`;
    default:
      return outcome.message;
  }
}
