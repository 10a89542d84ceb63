/**
 * The simulator's own reading of the v14 contract, written separately from the client's tables
 * (main/gateway/schema.ts) so that a mistake in one is caught by the other rather than shared.
 * Notation: `Name` optional string, `Name!` required, `:bool` / `:int` / `:TypeName` the type,
 * `*98` repeated up to 98 times.
 */
const T = {
  Transaction: `GatewayID! Password! Transaction_Type! DollarAmount SurchargeAmount Card_Number Transaction_Tag SplitTenderID
    Track1 Track2 PAN Authorization_Num Expiry_Date CardHoldersName CVDCode CVD_Presence_Ind ZipCode Tax1Amount Tax1Number
    Tax2Amount Tax2Number Secure_AuthRequired Secure_AuthResult Ecommerce_Flag XID CAVV CAVV_Algorithm Reference_No
    Customer_Ref Reference_3 Language Client_IP Client_Email User_Name Currency PartialRedemption:bool Level3:Level3_Type
    ProtectedToken CardType EAN VirtualCard:bool CardCost FraudSuspected AltPaymentResponse:AltPaymentTransactionDetails
    SoftDescriptor:SoftDescriptor_Type Address:Address_Type TPPID`,
  TransactionResultAdds: `Transaction_Error!:bool Transaction_Approved!:bool Gateway_Resp_Code! Gateway_Message! Bank_Resp_Code
    Bank_Message Bank_Resp_Code_2 SequenceNo AVS CVV2 Retrieval_Ref_No CAVV_Response AmountRequested MerchantName
    MerchantAddress MerchantCity MerchantProvince MerchantCountry MerchantPostal MerchantURL CurrentBalance PreviousBalance CTR`,
  CheckTransaction: `GatewayID! Password! Transaction_Type! DollarAmount! CheckType MICR CheckNumber BankAccountNumber
    BankRoutingNumber Transaction_Tag SplitTenderID Authorization_Num CustomerName Ecommerce_Flag Reference_No Customer_Ref
    Language Client_IP Client_Email User_Name CustomerIDType:int CustomerID ReleaseType GiftCardAmount DateOfBirth VIP:bool
    RegistrationNo RegistrationDate ClerkID DeviceID Address:Address_Type TPPID`,
  CheckTransactionResultAdds: `Transaction_Error!:bool Transaction_Approved!:bool Gateway_Resp_Code! Gateway_Message!
    Bank_Resp_Code Bank_Message Bank_Resp_Code_2 SequenceNo MerchantName MerchantAddress MerchantCity MerchantProvince
    MerchantCountry MerchantPostal MerchantURL CTR`,
  Level3_Type: `TaxAmount TaxRate AltTaxAmount AltTaxId DutyAmount FreightAmount DiscountAmount ShipFromZip
    ShipToAddress!:Level3_ShipToAddress_Type LineItem!:Level3_LineItem_Type*98`,
  Level3_ShipToAddress_Type: 'Address1 City State Country CustomerNumber Email Phone Name Zip',
  Level3_LineItem_Type: `CommodityCode Description! DiscountAmount DiscountIndicator:bool GrossNetIndicator:bool LineItemTotal!
    ProductCode Quantity! TaxAmount TaxRate TaxType UnitCost! UnitOfMeasure`,
  AltPaymentTransactionDetails: 'PayerID GrossAmountCurrencyID Success!:bool Authorization Message CorrelationID Timestamp',
  Address_Type: 'Address1 Address2 City State Zip CountryCode PhoneNumber PhoneType',
  SoftDescriptor_Type: 'DBAName Street City Region PostalCode CountryCode MID MCC MerchantContactInfo',
};

export interface SimField {
  name: string;
  kind: 'string' | 'bool' | 'int' | 'complex';
  /** For complex fields: the type name. */
  complex?: string;
  required: boolean;
  max: number;
}

function read(spec: string): SimField[] {
  return spec.split(/\s+/).filter(Boolean).map((token) => {
    const m = /^(\w+)(!)?(?::(\w+))?(?:\*(\d+))?$/.exec(token);
    if (!m?.[1]) throw new Error(`bad field token ${token}`);
    const type = m[3] ?? 'string';
    const kind = type === 'string' || type === 'bool' || type === 'int' ? type : 'complex';
    return { name: m[1], kind, ...(kind === 'complex' ? { complex: type } : {}), required: m[2] === '!', max: m[4] ? Number(m[4]) : 1 };
  });
}

export const simTypes: Record<string, SimField[]> = {
  Transaction: read(T.Transaction),
  TransactionResult: [...read(T.Transaction), ...read(T.TransactionResultAdds)],
  CheckTransaction: read(T.CheckTransaction),
  CheckTransactionResult: [...read(T.CheckTransaction), ...read(T.CheckTransactionResultAdds)],
  Level3_Type: read(T.Level3_Type),
  Level3_ShipToAddress_Type: read(T.Level3_ShipToAddress_Type),
  Level3_LineItem_Type: read(T.Level3_LineItem_Type),
  AltPaymentTransactionDetails: read(T.AltPaymentTransactionDetails),
  Address_Type: read(T.Address_Type),
  SoftDescriptor_Type: read(T.SoftDescriptor_Type),
};

export const simOperations: Record<string, { input: string; output: string; credit: boolean; lookup: boolean }> = {
  SendAndCommit: { input: 'Transaction', output: 'TransactionResult', credit: true, lookup: false },
  SendAndCommitCheck: { input: 'CheckTransaction', output: 'CheckTransactionResult', credit: false, lookup: false },
  TransactionInfo: { input: 'Transaction', output: 'TransactionResult', credit: true, lookup: true },
  CheckTransactionInfo: { input: 'CheckTransaction', output: 'CheckTransactionResult', credit: false, lookup: true },
};

/** A decoded request value: text, booleans and integers as text too, complex values as maps, repeats as arrays. */
export type SimValue = string | SimRecord | SimRecord[];
export interface SimRecord {
  [field: string]: SimValue;
}
