/**
 * The types of the SOAP v14 contract (spec/gateway-soap-v14.md), written once, in spec order:
 * the WSDL, the request envelope, the zod validation of requests and the coercion of results are
 * all derived from these tables, so a field can never be in one and missing from another.
 * (The training simulator keeps its own, independently written tables on purpose.)
 */

export type Scalar = 'string' | 'boolean' | 'integer';

export interface FieldDef<N extends string = string, T extends string = string, R extends boolean = boolean, M extends boolean = boolean> {
  readonly name: N;
  /** A scalar, or the name of another type of the table below. */
  readonly type: T;
  readonly required: R;
  /** Repeated element (maxOccurs > 1): the value is an array of 1..maxOccurs items. */
  readonly repeated: M;
  readonly maxOccurs: number;
}

const field = <const N extends string, const T extends string, const R extends boolean>(name: N, type: T, required: R): FieldDef<N, T, R, false> => ({
  name,
  type,
  required,
  repeated: false,
  maxOccurs: 1,
});
const req = <const N extends string, const T extends string = 'string'>(name: N, type?: T): FieldDef<N, T, true, false> =>
  field(name, (type ?? 'string') as T, true);
const opt = <const N extends string, const T extends string = 'string'>(name: N, type?: T): FieldDef<N, T, false, false> =>
  field(name, (type ?? 'string') as T, false);
const many = <const N extends string, const T extends string>(name: N, type: T, maxOccurs: number): FieldDef<N, T, true, true> => ({
  name,
  type,
  required: true,
  repeated: true,
  maxOccurs,
});
const optStrings = <const N extends readonly string[]>(...names: N): { [K in keyof N]: FieldDef<N[K], 'string', false, false> } =>
  names.map((n) => opt(n)) as { [K in keyof N]: FieldDef<N[K], 'string', false, false> };

/** Most Level3 line items one transaction may carry (spec: Limits). */
export const MAX_LINE_ITEMS = 98;

const transaction = [
  req('GatewayID'),
  req('Password'),
  req('Transaction_Type'),
  ...optStrings('DollarAmount', 'SurchargeAmount', 'Card_Number', 'Transaction_Tag', 'SplitTenderID', 'Track1', 'Track2', 'PAN',
    'Authorization_Num', 'Expiry_Date', 'CardHoldersName', 'CVDCode', 'CVD_Presence_Ind', 'ZipCode', 'Tax1Amount', 'Tax1Number',
    'Tax2Amount', 'Tax2Number', 'Secure_AuthRequired', 'Secure_AuthResult', 'Ecommerce_Flag', 'XID', 'CAVV', 'CAVV_Algorithm',
    'Reference_No', 'Customer_Ref', 'Reference_3', 'Language', 'Client_IP', 'Client_Email', 'User_Name', 'Currency'),
  opt('PartialRedemption', 'boolean'),
  opt('Level3', 'Level3_Type'),
  ...optStrings('ProtectedToken', 'CardType', 'EAN'),
  opt('VirtualCard', 'boolean'),
  ...optStrings('CardCost', 'FraudSuspected'),
  opt('AltPaymentResponse', 'AltPaymentTransactionDetails'),
  opt('SoftDescriptor', 'SoftDescriptor_Type'),
  opt('Address', 'Address_Type'),
  opt('TPPID'),
] as const;

const resultHead = [
  req('Transaction_Error', 'boolean'),
  req('Transaction_Approved', 'boolean'),
  req('Gateway_Resp_Code'),
  req('Gateway_Message'),
  ...optStrings('Bank_Resp_Code', 'Bank_Message', 'Bank_Resp_Code_2', 'SequenceNo'),
] as const;
const merchantFields = optStrings('MerchantName', 'MerchantAddress', 'MerchantCity', 'MerchantProvince', 'MerchantCountry', 'MerchantPostal', 'MerchantURL');

const transactionResult = [
  ...transaction,
  ...resultHead,
  ...optStrings('AVS', 'CVV2', 'Retrieval_Ref_No', 'CAVV_Response', 'AmountRequested'),
  ...merchantFields,
  ...optStrings('CurrentBalance', 'PreviousBalance', 'CTR'),
] as const;

const checkTransaction = [
  req('GatewayID'),
  req('Password'),
  req('Transaction_Type'),
  req('DollarAmount'),
  ...optStrings('CheckType', 'MICR', 'CheckNumber', 'BankAccountNumber', 'BankRoutingNumber', 'Transaction_Tag', 'SplitTenderID',
    'Authorization_Num', 'CustomerName', 'Ecommerce_Flag', 'Reference_No', 'Customer_Ref', 'Language', 'Client_IP', 'Client_Email',
    'User_Name'),
  opt('CustomerIDType', 'integer'),
  ...optStrings('CustomerID', 'ReleaseType', 'GiftCardAmount', 'DateOfBirth'),
  opt('VIP', 'boolean'),
  ...optStrings('RegistrationNo', 'RegistrationDate', 'ClerkID', 'DeviceID'),
  opt('Address', 'Address_Type'),
  opt('TPPID'),
] as const;

const checkTransactionResult = [...checkTransaction, ...resultHead, ...merchantFields, opt('CTR')] as const;

export const gatewayTypes = {
  Transaction: transaction,
  TransactionResult: transactionResult,
  CheckTransaction: checkTransaction,
  CheckTransactionResult: checkTransactionResult,
  Level3_Type: [
    ...optStrings('TaxAmount', 'TaxRate', 'AltTaxAmount', 'AltTaxId', 'DutyAmount', 'FreightAmount', 'DiscountAmount', 'ShipFromZip'),
    req('ShipToAddress', 'Level3_ShipToAddress_Type'),
    many('LineItem', 'Level3_LineItem_Type', MAX_LINE_ITEMS),
  ],
  Level3_ShipToAddress_Type: optStrings('Address1', 'City', 'State', 'Country', 'CustomerNumber', 'Email', 'Phone', 'Name', 'Zip'),
  Level3_LineItem_Type: [
    opt('CommodityCode'),
    req('Description'),
    opt('DiscountAmount'),
    opt('DiscountIndicator', 'boolean'),
    opt('GrossNetIndicator', 'boolean'),
    req('LineItemTotal'),
    opt('ProductCode'),
    req('Quantity'),
    ...optStrings('TaxAmount', 'TaxRate', 'TaxType'),
    req('UnitCost'),
    opt('UnitOfMeasure'),
  ],
  AltPaymentTransactionDetails: [
    ...optStrings('PayerID', 'GrossAmountCurrencyID'),
    req('Success', 'boolean'),
    ...optStrings('Authorization', 'Message', 'CorrelationID', 'Timestamp'),
  ],
  Address_Type: optStrings('Address1', 'Address2', 'City', 'State', 'Zip', 'CountryCode', 'PhoneNumber', 'PhoneType'),
  SoftDescriptor_Type: optStrings('DBAName', 'Street', 'City', 'Region', 'PostalCode', 'CountryCode', 'MID', 'MCC', 'MerchantContactInfo'),
} as const;

export type TypeName = keyof typeof gatewayTypes;
/** The result types extend the request types (WSDL complexContent extension). */
export const typeBase: Partial<Record<TypeName, TypeName>> = { TransactionResult: 'Transaction', CheckTransactionResult: 'CheckTransaction' };

type Fields<T extends TypeName> = (typeof gatewayTypes)[T][number];
type ValueOf<D> = D extends FieldDef<string, infer T, boolean, infer M>
  ? M extends true
    ? Array<ValueOfType<T>>
    : ValueOfType<T>
  : never;
type ValueOfType<T> = T extends 'string' ? string : T extends 'boolean' ? boolean : T extends 'integer' ? number : T extends TypeName ? GatewayObject<T> : never;

/** The TypeScript shape of one contract type: required fields required, the rest optional. */
export type GatewayObject<T extends TypeName> = {
  [D in Fields<T> as D['required'] extends true ? D['name'] : never]: ValueOf<D>;
} & {
  [D in Fields<T> as D['required'] extends true ? never : D['name']]?: ValueOf<D>;
};

export type Transaction = GatewayObject<'Transaction'>;
export type TransactionResult = GatewayObject<'TransactionResult'>;
export type CheckTransaction = GatewayObject<'CheckTransaction'>;
export type CheckTransactionResult = GatewayObject<'CheckTransactionResult'>;
export type Level3 = GatewayObject<'Level3_Type'>;
export type Level3LineItem = GatewayObject<'Level3_LineItem_Type'>;
export type Level3ShipTo = GatewayObject<'Level3_ShipToAddress_Type'>;
export type AddressFields = GatewayObject<'Address_Type'>;
export type SoftDescriptor = GatewayObject<'SoftDescriptor_Type'>;

export function fieldsOf(type: TypeName): readonly FieldDef[] {
  return gatewayTypes[type];
}

export function isTypeName(type: string): type is TypeName {
  return Object.hasOwn(gatewayTypes, type);
}

export const OPERATIONS = {
  SendAndCommit: { input: 'Transaction', output: 'TransactionResult' },
  SendAndCommitCheck: { input: 'CheckTransaction', output: 'CheckTransactionResult' },
  TransactionInfo: { input: 'Transaction', output: 'TransactionResult' },
  CheckTransactionInfo: { input: 'CheckTransaction', output: 'CheckTransactionResult' },
} as const satisfies Record<string, { input: TypeName; output: TypeName }>;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

export type RequestOf<O extends OperationName> = GatewayObject<(typeof OPERATIONS)[O]['input']>;
export type ResultOf<O extends OperationName> = GatewayObject<(typeof OPERATIONS)[O]['output']>;

/** Part names: `SendAndCommitSource` in, `SendAndCommitResult` out. */
export const inputPart = (op: OperationName): string => `${op}Source`;
export const outputPart = (op: OperationName): string => `${op}Result`;
