import type { Mode } from '../../../preload/contract';
import type { EntryMethod, PaymentState, PaymentType, Tender } from '../states';

/** A journal row as the payments layer reads it (camelCase of the columns; no sealed data). */
export interface JournalRow {
  id: number;
  clientRef: string;
  saleId: string;
  mode: Mode;
  type: PaymentType;
  tender: Tender;
  transactionType: string | null;
  requestedCents: number;
  approvedCents: number | null;
  surchargeCents: number | null;
  taxCents: number | null;
  masked: string | null;
  brand: string | null;
  last4: string | null;
  routing: string | null;
  checkNumber: string | null;
  cardholderName: string | null;
  entry: EntryMethod | null;
  deviceId: string | null;
  cashier: string | null;
  /** Who approved a payment that needed a manager (a refund, a void, a keyed card, a large amount). */
  approvedBy: string | null;
  state: PaymentState;
  outcomeKind: string | null;
  gatewayCode: string | null;
  bankCode: string | null;
  message: string | null;
  tag: string | null;
  authorizationNum: string | null;
  sequenceNo: string | null;
  retrievalRef: string | null;
  receipt: string | null;
  splitTenderId: string | null;
  attempts: number;
  storedOffline: boolean;
  attention: boolean;
  originalId: number | null;
  hasSealed: boolean;
  owner: string | null;
  leaseUntil: string | null;
  nextAttemptAt: string | null;
  decidedBy: string | null;
  decision: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export const ROW_COLUMNS = `id, client_ref AS clientRef, sale_id AS saleId, mode, type, tender, transaction_type AS transactionType,
  requested_cents AS requestedCents, approved_cents AS approvedCents, surcharge_cents AS surchargeCents, tax_cents AS taxCents,
  masked, brand, last4, routing, check_number AS checkNumber, cardholder_name AS cardholderName, entry, device_id AS deviceId,
  cashier, approved_by AS approvedBy, state, outcome_kind AS outcomeKind, gateway_code AS gatewayCode, bank_code AS bankCode, message, tag,
  authorization_num AS authorizationNum, sequence_no AS sequenceNo, retrieval_ref AS retrievalRef, receipt,
  split_tender_id AS splitTenderId, attempts, stored_offline AS storedOffline, attention, original_id AS originalId,
  sealed IS NOT NULL AS hasSealed, owner, lease_until AS leaseUntil, next_attempt_at AS nextAttemptAt, decided_by AS decidedBy,
  decision, created_at AS createdAt, updated_at AS updatedAt, finished_at AS finishedAt`;

export type RawRow = Omit<JournalRow, 'storedOffline' | 'attention' | 'hasSealed'> & { storedOffline: number; attention: number; hasSealed: number };

/** The row of a raw read, converted in place: a read's object is fresh and nobody else holds it, so no copy is made. */
export function rowOf(raw: RawRow): JournalRow {
  const row = raw as unknown as JournalRow;
  row.storedOffline = raw.storedOffline === 1;
  row.attention = raw.attention === 1;
  row.hasSealed = raw.hasSealed === 1;
  return row;
}


/**
 * The row of a raw read (`statement.raw()`: the values of ROW_COLUMNS, in order): one object of
 * one shape, built at once, instead of a 45-property object grown property by property and then
 * converted. The journal's hot path (a transition's UPDATE … RETURNING) reads this way.
 */
export function rowOfValues(v: unknown[]): JournalRow {
  return {
    id: v[0] as number,
    clientRef: v[1] as string,
    saleId: v[2] as string,
    mode: v[3] as Mode,
    type: v[4] as PaymentType,
    tender: v[5] as Tender,
    transactionType: v[6] as string | null,
    requestedCents: v[7] as number,
    approvedCents: v[8] as number | null,
    surchargeCents: v[9] as number | null,
    taxCents: v[10] as number | null,
    masked: v[11] as string | null,
    brand: v[12] as string | null,
    last4: v[13] as string | null,
    routing: v[14] as string | null,
    checkNumber: v[15] as string | null,
    cardholderName: v[16] as string | null,
    entry: v[17] as EntryMethod | null,
    deviceId: v[18] as string | null,
    cashier: v[19] as string | null,
    approvedBy: v[20] as string | null,
    state: v[21] as PaymentState,
    outcomeKind: v[22] as string | null,
    gatewayCode: v[23] as string | null,
    bankCode: v[24] as string | null,
    message: v[25] as string | null,
    tag: v[26] as string | null,
    authorizationNum: v[27] as string | null,
    sequenceNo: v[28] as string | null,
    retrievalRef: v[29] as string | null,
    receipt: v[30] as string | null,
    splitTenderId: v[31] as string | null,
    attempts: v[32] as number,
    storedOffline: v[33] === 1,
    attention: v[34] === 1,
    originalId: v[35] as number | null,
    hasSealed: v[36] === 1,
    owner: v[37] as string | null,
    leaseUntil: v[38] as string | null,
    nextAttemptAt: v[39] as string | null,
    decidedBy: v[40] as string | null,
    decision: v[41] as string | null,
    createdAt: v[42] as string,
    updatedAt: v[43] as string,
    finishedAt: v[44] as string | null,
  };
}
