import { BANK_MESSAGES, GATEWAY_MESSAGES, TAGGED } from './codes';
import { brandOf, cardOf, dollars, maskedCard, str } from './card-facts';
import type { SimRecord } from './contract';
import { receiptText } from './receipt';

/** The simulated gateway's answer: the request echoed (secrets withheld) plus the result fields and receipt. */

export interface Merchant {
  name: string;
  address: string;
  city: string;
  province: string;
  country: string;
  postal: string;
  url: string;
}

export interface Verdict {
  approved: boolean;
  gatewayCode: string;
  bankCode?: string | undefined;
  tag?: string;
  authNum?: string;
  typeName: string;
  brand?: string;
  name?: string;
  cents?: number;
  /** A partial approval: DollarAmount answers this, AmountRequested what was asked. */
  approvedCents?: number;
}

export interface AnswerContext {
  merchant: Merchant;
  at: Date;
  /** This answer's sequence number. */
  sequence: number;
}

/** The echo of the request (card masked, password blank, tracks and CVD withheld) plus the result fields. */
export function answerFields(f: SimRecord, check: boolean, r: Verdict, ctx: AnswerContext): SimRecord {
  const out: SimRecord = { ...f, Password: '' };
  const card = cardOf(f);
  if (str(f.Card_Number)) out.Card_Number = maskedCard(str(f.Card_Number));
  else if (!check && card.pan && !TAGGED.has(str(f.Transaction_Type))) out.Card_Number = maskedCard(card.pan);
  for (const secret of ['Track1', 'Track2', 'CVDCode', 'PAN']) if (f[secret] !== undefined) out[secret] = '';
  if (check && f.BankAccountNumber !== undefined) out.BankAccountNumber = maskedCard(str(f.BankAccountNumber));
  if (check && f.MICR !== undefined) out.MICR = '';
  if (!check && !str(f.Expiry_Date) && card.expiry) out.Expiry_Date = card.expiry;
  if (!check && !str(f.CardHoldersName) && card.name) out.CardHoldersName = card.name;
  if (r.tag) out.Transaction_Tag = r.tag;
  if (r.authNum) out.Authorization_Num = r.authNum;
  if (r.approvedCents !== undefined) out.DollarAmount = dollars(r.approvedCents);
  const gatewayCode = r.gatewayCode;
  const bank = r.bankCode;
  out.Transaction_Error = gatewayCode === '00' ? 'false' : 'true';
  out.Transaction_Approved = r.approved ? 'true' : 'false';
  out.Gateway_Resp_Code = gatewayCode;
  out.Gateway_Message = GATEWAY_MESSAGES[gatewayCode] ?? 'Unknown';
  if (bank) {
    out.Bank_Resp_Code = bank;
    out.Bank_Message = BANK_MESSAGES[bank] ?? (Number(bank) < 200 ? 'Approved' : 'Declined');
  }
  const seq = String(ctx.sequence).padStart(6, '0');
  out.SequenceNo = seq;
  if (!check) {
    if (r.approved) {
      out.AVS = str(f.ZipCode) || f.Address !== undefined ? 'Y' : 'X';
      if (str(f.CVDCode)) out.CVV2 = 'M';
    }
    out.Retrieval_Ref_No = String(1_000_000 + (((ctx.sequence + 1) * 7919) % 9_000_000));
    if (str(f.DollarAmount)) out.AmountRequested = str(f.DollarAmount);
  }
  const m = ctx.merchant;
  Object.assign(out, {
    MerchantName: m.name,
    MerchantAddress: m.address,
    MerchantCity: m.city,
    MerchantProvince: m.province,
    MerchantCountry: m.country,
    MerchantPostal: m.postal,
    MerchantURL: m.url,
  });
  out.CTR = receiptText({
    merchant: m,
    typeName: r.typeName,
    brand: r.brand ?? (check ? 'Check' : brandOf(card.pan)),
    account: check ? maskedCard(str(f.BankAccountNumber)) : str(out.Card_Number),
    name: r.name ?? card.name,
    amount: str(out.DollarAmount) || (r.cents !== undefined ? dollars(r.cents) : '0.00'),
    at: ctx.at,
    sequence: seq,
    authNum: r.authNum ?? '',
    reference: str(f.Reference_No),
    approved: r.approved,
    code: r.approved ? (bank ?? '100') : bank && gatewayCode === '00' ? bank : gatewayCode,
    language: str(f.Language).toUpperCase() === 'FR' ? 'fr' : 'en',
    message: r.approved ? 'Approved - Thank You' : gatewayCode === '00' ? (BANK_MESSAGES[bank ?? ''] ?? 'Declined') : (GATEWAY_MESSAGES[gatewayCode] ?? 'Error'),
  });
  return out;
}
