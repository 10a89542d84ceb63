import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import type { CardRead } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { CheckDetails } from '../../preload/contract';
import { PosError } from '../api/errors';
import {
  checkSale,
  completion,
  preAuthorization,
  purchase,
  refund,
  taggedCompletion,
  taggedRefund,
  taggedVoid,
  verifyCard,
  voidTransaction,
  GatewayRequestError,
  type BuilderContext,
  type CardInput,
  type CustomerId,
  type GatewayCall,
  type KeyedCard,
} from '../gateway/builders';
import { centsToDollarAmount } from '../gateway/money';
import type { JournalRow } from './journal/journal';
import type { PaymentType, Tender } from './states';

/**
 * From a sale's inputs to the gateway request, with the payment's client reference as
 * `Reference_No` (the idempotency key sent on every attempt). The request is what gets sealed in
 * the journal: forwarding sends exactly these bytes again, never a rebuilt request.
 */
export type CardSource = { kind: 'read'; card: CardRead } | { kind: 'keyed'; card: KeyedCard };

export interface CallInput {
  type: PaymentType;
  tender: Tender;
  cents: number;
  clientRef: string;
  card?: CardSource;
  check?: { read: CheckRead; details: CheckDetails };
  original?: JournalRow;
  authorizationNum?: string;
  splitTenderId?: string;
  partialApproval: boolean;
  cashier?: string;
  surchargeCents?: number;
  taxCents?: number;
}

const ID_TYPES = ['drivers-licence', 'ssn', 'tax-id', 'military-id'] as const;

function customerId(details: CheckDetails): CustomerId | undefined {
  if (details.idType === undefined || !details.id) return undefined;
  const type = ID_TYPES[details.idType];
  if (type === 'drivers-licence') {
    // The state's two letters first, as the licence is written at the counter (IL123456).
    const m = /^([A-Za-z]{2})\s*(.+)$/.exec(details.id.trim());
    return { type, state: m?.[1] ?? '', number: (m?.[2] ?? details.id).trim() };
  }
  return { type, number: details.id };
}

function cardInput(source: CardSource): CardInput {
  if (source.kind === 'keyed') return source.card;
  const { card } = source;
  return {
    entry: 'swipe',
    ...(card.track1 ? { track1: card.track1.reveal() } : {}),
    ...(card.track2 ? { track2: card.track2.reveal() } : {}),
    ...(!card.track1 && card.name ? { cardholderName: card.name } : {}),
  };
}

function originalRef(row: JournalRow | undefined): { transactionTag: string; authorizationNum: string } | undefined {
  if (!row?.tag || !row.authorizationNum) return undefined;
  return { transactionTag: row.tag, authorizationNum: row.authorizationNum };
}

/** Builds the call; refuses (PosError BAD_INPUT) what the gateway's own rules would refuse. */
export function buildCall(input: CallInput, ctx: BuilderContext): GatewayCall {
  try {
    const call = build(input, ctx);
    const request = call.request as Record<string, unknown>;
    if (input.splitTenderId) request.SplitTenderID = input.splitTenderId;
    if (input.tender === 'card') {
      if (input.partialApproval && (input.type === 'sale' || input.type === 'preauth')) request.PartialRedemption = true;
      if (input.surchargeCents) request.SurchargeAmount = centsToDollarAmount(input.surchargeCents);
      if (input.taxCents) request.Tax1Amount = centsToDollarAmount(input.taxCents);
    }
    return call;
  } catch (e) {
    if (e instanceof GatewayRequestError) throw new PosError('BAD_INPUT', e.message, e.issues.map((i) => ({ path: i.field, message: i.message })));
    throw e;
  }
}

function build(input: CallInput, ctx: BuilderContext): GatewayCall {
  const extras = {
    referenceNo: input.clientRef,
    ...(ctx.language ? { language: ctx.language } : {}),
    ...(input.cashier ? { userName: input.cashier } : {}),
  };
  if (input.tender === 'check') {
    if (input.type !== 'sale') throw new PosError('BAD_INPUT', 'a check can only pay a sale here; refund a check sale from the gateway');
    if (!input.check) throw new PosError('BAD_INPUT', 'no check was read');
    const { read, details } = input.check;
    const id = customerId(details);
    return checkSale(
      { routing: read.routing, account: read.account.reveal(), ...(read.checkNumber ? { checkNumber: read.checkNumber } : {}), checkType: details.checkType },
      input.cents,
      { ...(details.customerName ? { name: details.customerName } : {}), ...(id ? { id } : {}), ...(input.cashier ? { clerkId: input.cashier } : {}) },
      ctx,
      extras,
    );
  }
  const tagged = originalRef(input.original);
  if (input.original && !tagged && input.type !== 'refund') {
    throw new PosError('CONFLICT', `payment ${input.original.clientRef} has no transaction tag from the gateway: it cannot be ${input.type === 'void' ? 'voided' : 'completed'} from the journal`);
  }
  if (tagged) {
    if (input.type === 'completion') return taggedCompletion(tagged, input.cents, ctx, extras);
    if (input.type === 'void') return taggedVoid(tagged, input.original?.approvedCents ?? input.cents, ctx, extras);
    if (input.type === 'refund') return taggedRefund(tagged, input.cents, ctx, extras);
  }
  if (!input.card) throw new PosError('BAD_INPUT', 'no card was read');
  const card = cardInput(input.card);
  switch (input.type) {
    case 'sale':
      return purchase(card, input.cents, ctx, extras);
    case 'preauth':
      return preAuthorization(card, input.cents, ctx, extras);
    case 'verify':
      return verifyCard(card, ctx, extras);
    case 'refund':
      return refund(card, input.cents, ctx, extras);
    case 'completion':
    case 'void': {
      if (!input.authorizationNum) throw new PosError('BAD_INPUT', `a ${input.type} without an earlier payment needs the authorization number`);
      return input.type === 'completion' ? completion(card, input.authorizationNum, input.cents, ctx, extras) : voidTransaction(card, input.authorizationNum, input.cents, ctx, extras);
    }
  }
}

/** What the journal seals: the request without credentials (the client adds them when sending). */
export const SealedPayload = lazySchema(() => z.object({
  v: z.literal(1),
  operation: z.enum(['SendAndCommit', 'SendAndCommitCheck']),
  request: z.record(z.string(), z.unknown()),
  partialApproval: z.boolean(),
}));
export type SealedPayload = z.infer<typeof SealedPayload>;

export const sealContext = (clientRef: string): string => `journal:${clientRef}`;
