import { dollarAmountToCents } from '../gateway/money';
import { describeOutcome, mayHaveBeenProcessed, type GatewayOutcome } from '../gateway/outcome';
import { redactText } from '../log/redact';
import { formatCents } from '../../preload/format';
import type { RowPatch } from './journal/journal';
import type { OfflineDecision } from './policy';
import type { PaymentState } from './states';

/**
 * From a gateway outcome to the payment's next state and the columns to record: pure, one place
 * for the sale, the forwarder and lookups. Only `approved` moves money; `unknown` (and an answer
 * that may hide a processed request) is never resent blindly; `not-sent` may go offline (a sale,
 * within the policy) or back to the queue (the forwarder).
 */
export type SendPath = 'sale' | 'forward' | 'lookup';

export interface Resolution {
  state: PaymentState;
  patch: RowPatch;
}

/** The result fields the journal keeps (a subset common to card and check results). */
interface ResultFields {
  DollarAmount?: string;
  AmountRequested?: string;
  Transaction_Tag?: string;
  Authorization_Num?: string;
  SequenceNo?: string;
  Retrieval_Ref_No?: string;
  CTR?: string;
  Gateway_Resp_Code: string;
  Bank_Resp_Code?: string;
  CardHoldersName?: string;
}

/**
 * The approved amount: with PartialRedemption the gateway answers the approved DollarAmount, at
 * most the amount requested; undefined when it cannot be read, is missing, is nothing or is above
 * the request (what was approved is then unknown: the payment is looked up, never guessed full).
 */
export function approvedCentsOf(result: ResultFields, requestedCents: number, partialAllowed: boolean): number | undefined {
  if (!partialAllowed) return requestedCents;
  const approved = result.DollarAmount === undefined ? undefined : dollarAmountToCents(result.DollarAmount);
  return approved !== undefined && approved <= requestedCents && (approved > 0 || requestedCents === 0) ? approved : undefined;
}

function resultPatch(result: ResultFields): RowPatch {
  const text = (v: string | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);
  return {
    tag: text(result.Transaction_Tag),
    authorizationNum: text(result.Authorization_Num),
    sequenceNo: text(result.SequenceNo),
    retrievalRef: text(result.Retrieval_Ref_No),
    // The gateway's receipt prints the card masked already; the redactor makes sure of it.
    receipt: result.CTR ? redactText(result.CTR, 'data') : null,
    gatewayCode: text(result.Gateway_Resp_Code),
    bankCode: text(result.Bank_Resp_Code),
  };
}

export interface ResolveContext {
  path: SendPath;
  requestedCents: number;
  partialAllowed: boolean;
  /** For a sale's not-sent outcome: whether the policy lets it be stored offline. */
  offline?: OfflineDecision;
  /** For the forwarder's not-sent outcome: when to try again (ISO). */
  retryAt?: string;
}

export function resolveOutcome(outcome: GatewayOutcome<unknown>, ctx: ResolveContext): Resolution {
  const message = redactText(describeOutcome(outcome), 'data');
  const attention = ctx.path !== 'sale';
  const base: RowPatch = { outcomeKind: outcome.kind, message };
  switch (outcome.kind) {
    case 'approved': {
      const result = outcome.result as ResultFields;
      const approvedCents = approvedCentsOf(result, ctx.requestedCents, ctx.partialAllowed);
      if (approvedCents === undefined) {
        const shown = typeof result.DollarAmount === 'string' ? JSON.stringify(result.DollarAmount.slice(0, 20)) : 'none';
        return {
          state: 'needs-lookup',
          patch: { ...base, ...resultPatch(result), owner: null, leaseUntil: null, message: `approved, but the amount approved (${shown}) is not one the terminal can take as paid: look it up before taking anything more` },
        };
      }
      // At the counter the register asks for the rest; once the customer has left (a stored
      // payment forwarded, a lookup), a part approval is money the merchant still has to collect.
      const short = ctx.path !== 'sale' && approvedCents < ctx.requestedCents;
      const shortBy = short ? { attention: true, message: `approved ${formatCents(approvedCents, '-')} of ${formatCents(ctx.requestedCents, '-')}: ${formatCents(ctx.requestedCents - approvedCents, '-')} is still to be collected from the customer` } : { attention: false };
      return { state: 'approved', patch: { ...base, ...resultPatch(result), approvedCents, ...shortBy } };
    }
    case 'declined':
    case 'rejected': {
      const result = outcome.result as ResultFields;
      // A lookup of a tag the gateway does not know leaves the payment waiting for the right tag.
      if (ctx.path === 'lookup' && outcome.kind === 'rejected' && outcome.gatewayCode === '69') {
        return { state: 'needs-lookup', patch: { ...base, message: `the gateway does not know this tag (${message}); check the tag in the gateway's report` } };
      }
      return { state: outcome.kind, patch: { ...base, ...resultPatch(result), approvedCents: 0, attention } };
    }
    case 'not-sent':
      if (ctx.path === 'forward') return { state: 'offline', patch: { ...base, nextAttemptAt: ctx.retryAt ?? null, owner: null, leaseUntil: null } };
      if (ctx.path === 'lookup') return { state: 'needs-lookup', patch: base };
      if (ctx.offline?.allowed) return { state: 'offline', patch: { ...base, storedOffline: true, message: 'stored offline: the gateway could not be reached' } };
      return { state: 'failed', patch: { ...base, message: ctx.offline && !ctx.offline.allowed ? `${message}; not stored offline: ${ctx.offline.reason}` : message } };
    default:
      if (mayHaveBeenProcessed(outcome)) return { state: 'needs-lookup', patch: { ...base, owner: null, leaseUntil: null } };
      // A refused lookup (4xx, a Client fault, a request the rules refuse) is about the lookup, not
      // the payment, which the gateway may well have processed: it stays in the manager's lookup list.
      if (ctx.path === 'lookup') {
        return { state: 'needs-lookup', patch: { ...base, message: `the lookup was refused (${message}): whether the payment went through is still unknown` } };
      }
      // Refused as it stands (4xx, a Client fault, a request the rules refuse): no money moved.
      return { state: 'failed', patch: { ...base, attention } };
  }
}
