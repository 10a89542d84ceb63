import { track1Facts } from './card';
import type { GatewayRequest } from './client';
import { centsToDollarAmount, isValidCents } from './money';
import { checkTransactionIssues, transactionIssues, type RuleIssue, type TransactionType } from './rules';
import type { AddressFields, Level3, Level3LineItem, Level3ShipTo, SoftDescriptor } from './schema';

/**
 * From the app's own types (integer cents, card and check inputs) to gateway requests. Every
 * builder checks the reference's field rules and throws GatewayRequestError with clear messages
 * before anything could be sent. DollarAmount strings are made here and nowhere else.
 */

export class GatewayRequestError extends Error {
  override name = 'GatewayRequestError';
  constructor(readonly issues: RuleIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
  }
}

/** A card read from a magnetic stripe (reader or PIN pad): tracks as read, sentinels allowed. */
export interface SwipedCard {
  entry: 'swipe';
  track1?: string;
  track2?: string;
  /** Needed when only track 2 was read; otherwise taken from track 1. */
  cardholderName?: string;
}

export type CvdPresence = 'not-provided' | 'present' | 'illegible' | 'not-available';
const CVD_PRESENCE: Record<CvdPresence, string> = { 'not-provided': '0', present: '1', illegible: '2', 'not-available': '9' };

/**
 * A card typed in by the cashier (the Register's form, posctl --keyed). Its fields go in the spec's
 * order (Card_Number, Expiry_Date, CardHoldersName, CVDCode, CVD_Presence_Ind, ZipCode for AVS,
 * Ecommerce_Flag): the envelope writes them in that order whatever the object's key order.
 */
export interface KeyedCard {
  entry: 'keyed';
  pan: string;
  expiryMonth: number;
  /** Four digits (2031) or two (31). */
  expiryYear: number;
  cardholderName: string;
  cvd?: string;
  /** Defaults to `present` with a CVD and `not-provided` without. */
  cvdPresence?: CvdPresence;
  zipCode?: string;
  address?: AddressFields;
}

export type CardInput = SwipedCard | KeyedCard;

export interface LineItemInput {
  description: string;
  /** A count, or a decimal quantity as text ("1.5"). */
  quantity: number | string;
  unitCostCents: number;
  /** Defaults to quantity × unit cost when the quantity is a whole number. */
  totalCents?: number;
  discountCents?: number;
  discountIndicator?: boolean;
  grossNetIndicator?: boolean;
  taxCents?: number;
  taxRate?: string;
  taxType?: string;
  commodityCode?: string;
  productCode?: string;
  unitOfMeasure?: string;
}

export interface Level3Input {
  taxCents?: number;
  taxRate?: string;
  altTaxCents?: number;
  altTaxId?: string;
  dutyCents?: number;
  freightCents?: number;
  discountCents?: number;
  shipFromZip?: string;
  shipTo: Level3ShipTo;
  items: LineItemInput[];
}

/** What may accompany any credit-type transaction. */
export interface TransactionExtras {
  /** The terminal's reference (invoice or journal number): lets a lost answer be reconciled. */
  referenceNo?: string;
  customerRef?: string;
  level3?: Level3Input;
  softDescriptor?: SoftDescriptor;
  clientEmail?: string;
  /** The cashier, for the gateway's reports. */
  userName?: string;
  currency?: string;
  /**
   * The language of the gateway's answer texts and receipt (CTR): "EN" or "FR", from
   * terminal.language. The spec lists the field without values; these are the gateway's own codes.
   */
  language?: GatewayLanguage;
}

export type GatewayLanguage = 'EN' | 'FR';

export interface BuilderContext {
  /**
   * Ecommerce_Flag for a card typed in (gateway.keyedEcommerceFlag). The spec lists the field
   * without values; the reference says a card keyed at the counter is "MOTO or retail-keyed per
   * merchant setting" (uncertain). Default R, retail: the customer stands at the counter with the
   * card (a damaged stripe), as for a swipe; a merchant whose acquirer books keyed cards as mail or
   * phone orders sets 1 (MOTO single). Swipes always send R.
   */
  keyedEcommerceFlag: string;
  now: Date;
  /** terminal.language as the gateway's code; absent: the gateway's default (English). */
  language?: GatewayLanguage;
}

/** A request ready for `client.send(call.operation, call.request)`: journal it before sending. */
export type GatewayCall =
  | { operation: 'SendAndCommit'; request: GatewayRequest<'SendAndCommit'> }
  | { operation: 'TransactionInfo'; request: GatewayRequest<'TransactionInfo'> }
  | { operation: 'SendAndCommitCheck'; request: GatewayRequest<'SendAndCommitCheck'> }
  | { operation: 'CheckTransactionInfo'; request: GatewayRequest<'CheckTransactionInfo'> };

type CreditRequest = GatewayRequest<'SendAndCommit'>;
type CheckRequest = GatewayRequest<'SendAndCommitCheck'>;

function amount(cents: number, field = 'DollarAmount'): string {
  if (!isValidCents(cents)) throw new GatewayRequestError([{ field, message: 'amount must be whole cents between 0.00 and 99999.99' }]);
  return centsToDollarAmount(cents);
}

const optionalAmount = (cents: number | undefined, field: string): string | undefined => (cents === undefined ? undefined : amount(cents, field));

/** Drops undefined values so the request holds only what is sent. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function cardFields(card: CardInput, ctx: BuilderContext): Partial<CreditRequest> {
  if (card.entry === 'swipe') {
    const track1 = card.track1?.trim() || undefined;
    const track2 = card.track2?.trim() || undefined;
    const name = card.cardholderName ?? (track1 ? track1Facts(track1)?.name : undefined);
    return compact({ Track1: track1, Track2: track2, CardHoldersName: name, Ecommerce_Flag: 'R' });
  }
  const year = card.expiryYear % 100;
  const validMonth = Number.isInteger(card.expiryMonth) && card.expiryMonth >= 1 && card.expiryMonth <= 12;
  const expiry = validMonth && Number.isInteger(card.expiryYear) ? `${String(card.expiryMonth).padStart(2, '0')}${String(year).padStart(2, '0')}` : 'invalid';
  const cvd = card.cvd?.trim() || undefined;
  return compact({
    Card_Number: card.pan.replace(/[\s-]/g, ''),
    Expiry_Date: expiry,
    CardHoldersName: card.cardholderName.trim(),
    CVDCode: cvd,
    CVD_Presence_Ind: CVD_PRESENCE[card.cvdPresence ?? (cvd ? 'present' : 'not-provided')],
    ZipCode: card.zipCode?.trim() || undefined,
    Ecommerce_Flag: ctx.keyedEcommerceFlag,
    Address: card.address,
  });
}

function lineItem(item: LineItemInput, index: number): Level3LineItem {
  const at = `Level3.LineItem[${index}]`;
  const quantity = typeof item.quantity === 'number' ? item.quantity : item.quantity.trim();
  if (typeof quantity === 'number' && (!Number.isInteger(quantity) || quantity < 0)) {
    throw new GatewayRequestError([{ field: `${at}.Quantity`, message: 'a numeric quantity must be a whole number; pass decimals as text' }]);
  }
  const total = item.totalCents ?? (typeof quantity === 'number' ? quantity * item.unitCostCents : undefined);
  if (total === undefined) throw new GatewayRequestError([{ field: `${at}.LineItemTotal`, message: 'give the line total for a decimal quantity' }]);
  if (item.description.trim() === '') throw new GatewayRequestError([{ field: `${at}.Description`, message: 'a line item needs a description' }]);
  return compact({
    CommodityCode: item.commodityCode,
    Description: item.description,
    DiscountAmount: optionalAmount(item.discountCents, `${at}.DiscountAmount`),
    DiscountIndicator: item.discountIndicator,
    GrossNetIndicator: item.grossNetIndicator,
    LineItemTotal: amount(total, `${at}.LineItemTotal`),
    ProductCode: item.productCode,
    Quantity: String(quantity),
    TaxAmount: optionalAmount(item.taxCents, `${at}.TaxAmount`),
    TaxRate: item.taxRate,
    TaxType: item.taxType,
    UnitCost: amount(item.unitCostCents, `${at}.UnitCost`),
    UnitOfMeasure: item.unitOfMeasure,
  });
}

function level3(input: Level3Input): Level3 {
  return compact({
    TaxAmount: optionalAmount(input.taxCents, 'Level3.TaxAmount'),
    TaxRate: input.taxRate,
    AltTaxAmount: optionalAmount(input.altTaxCents, 'Level3.AltTaxAmount'),
    AltTaxId: input.altTaxId,
    DutyAmount: optionalAmount(input.dutyCents, 'Level3.DutyAmount'),
    FreightAmount: optionalAmount(input.freightCents, 'Level3.FreightAmount'),
    DiscountAmount: optionalAmount(input.discountCents, 'Level3.DiscountAmount'),
    ShipFromZip: input.shipFromZip,
    ShipToAddress: input.shipTo,
    LineItem: input.items.map(lineItem),
  });
}

function extrasFields(extras: TransactionExtras = {}): Partial<CreditRequest> {
  return compact({
    Reference_No: extras.referenceNo,
    Customer_Ref: extras.customerRef,
    Language: extras.language,
    Client_Email: extras.clientEmail,
    User_Name: extras.userName,
    Currency: extras.currency,
    Level3: extras.level3 ? level3(extras.level3) : undefined,
    SoftDescriptor: extras.softDescriptor,
  });
}

function checked(request: CreditRequest, ctx: BuilderContext): CreditRequest {
  const issues = transactionIssues(request, ctx.now);
  if (issues.length > 0) throw new GatewayRequestError(issues);
  return request;
}

function cardTransaction(type: TransactionType, card: CardInput, cents: number | undefined, ctx: BuilderContext, extras?: TransactionExtras, authorizationNum?: string): GatewayCall {
  const request: CreditRequest = compact({
    Transaction_Type: type,
    DollarAmount: cents === undefined ? undefined : amount(cents),
    Authorization_Num: authorizationNum,
    ...cardFields(card, ctx),
    ...extrasFields(extras),
  });
  return { operation: 'SendAndCommit', request: checked(request, ctx) };
}

export const purchase = (card: CardInput, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('00', card, cents, ctx, extras);
export const preAuthorization = (card: CardInput, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('01', card, cents, ctx, extras);
export const completion = (card: CardInput, authorizationNum: string, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('02', card, cents, ctx, extras, authorizationNum);
export const forcedPost = (card: CardInput, voiceAuthorizationNum: string, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('03', card, cents, ctx, extras, voiceAuthorizationNum);
export const refund = (card: CardInput, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('04', card, cents, ctx, extras);
/** Pre-authorization only: checks the card without holding funds ($0). */
export const verifyCard = (card: CardInput, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('05', card, 0, ctx, extras);
/** Same-day void; after settlement use taggedRefund. */
export const voidTransaction = (card: CardInput, authorizationNum: string, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  cardTransaction('13', card, cents, ctx, extras, authorizationNum);

/** What the gateway answered for the original transaction: all a tagged transaction needs. */
export interface OriginalRef {
  transactionTag: string;
  authorizationNum: string;
}

function tagged(type: TransactionType, original: OriginalRef, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall {
  const request: CreditRequest = compact({
    Transaction_Type: type,
    DollarAmount: amount(cents),
    Transaction_Tag: original.transactionTag,
    Authorization_Num: original.authorizationNum,
    ...extrasFields(extras),
  });
  return { operation: 'SendAndCommit', request: checked(request, ctx) };
}

export const taggedPurchase = (original: OriginalRef, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  tagged('30', original, cents, ctx, extras);
export const taggedPreAuthorization = (original: OriginalRef, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  tagged('31', original, cents, ctx, extras);
export const taggedCompletion = (original: OriginalRef, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  tagged('32', original, cents, ctx, extras);
/** Tagged void: the original amount. */
export const taggedVoid = (original: OriginalRef, originalCents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  tagged('33', original, originalCents, ctx, extras);
/** Tagged refund: up to the original amount, also after settlement. */
export const taggedRefund = (original: OriginalRef, cents: number, ctx: BuilderContext, extras?: TransactionExtras): GatewayCall =>
  tagged('34', original, cents, ctx, extras);

/** TransactionInfo: the stored result of a credit-type transaction, by its tag. */
export function transactionLookup(ref: { transactionTag: string; authorizationNum?: string }, ctx: BuilderContext): GatewayCall {
  const request = compact({ Transaction_Type: 'CR', Transaction_Tag: ref.transactionTag, Authorization_Num: ref.authorizationNum }) as GatewayRequest<'TransactionInfo'>;
  return { operation: 'TransactionInfo', request: checked(request, ctx) };
}

/** Check data as the MICR reader decoded it (or as typed), plus the raw line when there is one. */
export interface CheckInput {
  routing?: string;
  account?: string;
  checkNumber?: string;
  /** The raw MICR line, sent only when routing/account are not. */
  micrLine?: string;
  checkType: 'personal' | 'corporate';
}

export type CustomerId =
  | { type: 'drivers-licence'; state: string; number: string }
  | { type: 'ssn' | 'tax-id' | 'military-id'; number: string };

const CUSTOMER_ID_TYPE = { 'drivers-licence': 0, ssn: 1, 'tax-id': 2, 'military-id': 3 } as const;

export interface CheckCustomer {
  name?: string;
  id?: CustomerId;
  /** YYYYMMDD as the gateway's validators expect (uncertain: sent as given). */
  dateOfBirth?: string;
  address?: AddressFields;
  clerkId?: string;
  deviceId?: string;
}

function checkChecked<O extends 'SendAndCommitCheck' | 'CheckTransactionInfo'>(operation: O, request: CheckRequest, ctx: BuilderContext): GatewayCall {
  const issues = checkTransactionIssues(request, ctx.now);
  if (issues.length > 0) throw new GatewayRequestError(issues);
  return { operation, request };
}

export function checkSale(check: CheckInput, cents: number, customer: CheckCustomer, ctx: BuilderContext, extras: Pick<TransactionExtras, 'referenceNo' | 'customerRef' | 'userName' | 'clientEmail' | 'language'> = {}): GatewayCall {
  const parts = !!(check.routing || check.account);
  const id = customer.id;
  const request: CheckRequest = compact({
    Transaction_Type: '00',
    DollarAmount: amount(cents),
    CheckType: check.checkType === 'corporate' ? 'C' : 'P',
    MICR: parts ? undefined : check.micrLine,
    CheckNumber: check.checkNumber,
    BankAccountNumber: check.account,
    BankRoutingNumber: check.routing,
    CustomerName: customer.name,
    Ecommerce_Flag: 'R',
    Reference_No: extras.referenceNo,
    Customer_Ref: extras.customerRef,
    Language: extras.language,
    Client_Email: extras.clientEmail,
    User_Name: extras.userName,
    CustomerIDType: id ? CUSTOMER_ID_TYPE[id.type] : undefined,
    CustomerID: id ? (id.type === 'drivers-licence' ? `${id.state.trim().toUpperCase()}${id.number.trim()}` : id.number.trim()) : undefined,
    DateOfBirth: customer.dateOfBirth,
    ClerkID: customer.clerkId,
    DeviceID: customer.deviceId,
    Address: customer.address,
  });
  return checkChecked('SendAndCommitCheck', request, ctx);
}

/** CheckTransactionInfo: the stored result of a check transaction, by its tag. */
export function checkLookup(ref: { transactionTag: string }, ctx: BuilderContext): GatewayCall {
  // DollarAmount is required by the CheckTransaction type even for a lookup.
  const request = { Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: ref.transactionTag } as CheckRequest;
  return checkChecked('CheckTransactionInfo', request, ctx);
}
