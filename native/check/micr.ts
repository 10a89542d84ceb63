import { maskAccount } from '../card/mask';
import { Sensitive } from '../card/sensitive';
import { fail, ok, type Parsed } from '../read-error';
import { abaValid } from './aba';
import { normaliseMicr, resolveSymbols, type MicrSymbolChoice } from './micr-symbols';

/** Meanings of the `/NN` status a parsing MICR reader appends. */
export const MICR_STATUS: Readonly<Record<string, string>> = {
  '00': 'ok',
  '01': 'no MICR data',
  '03': 'low MICR signal',
  '04': 'check number problem',
  '05': 'transit (routing) problem',
  '07': 'account problem',
  '08': 'Canadian check',
  '09': 'Mexican check',
  '10': 'business check',
  '11': 'amount present',
};

export interface MaskedCheck {
  /** US: 9-digit ABA routing number. Canada: electronic form 0YYYXXXXX. Not secret: it names the bank. */
  routing: string;
  country: 'US' | 'CA';
  /** Last 4 digits of the account, e.g. 6789. */
  accountLast4: string;
  accountMasked: string;
  checkNumber?: string;
  amountCents?: number;
  business: boolean;
  /** The reader's `/NN` status, when it sends one. */
  readerStatus?: string;
  warnings: string[];
  /** Positions of unreadable characters, per field, when some were tolerated. */
  unreadable: Record<string, number[]>;
}

/** A validated check read. Printing it shows only the masked view. */
export class CheckRead {
  readonly routing: string;
  readonly country: 'US' | 'CA';
  /** Canadian transit parts (no checksum exists for them). */
  readonly canadian: { branch: string; institution: string } | undefined;
  readonly account: Sensitive;
  /** The line in normalised form (T U A D ? digits): holds the account, so sensitive. */
  readonly line: Sensitive;
  readonly checkNumber: string | undefined;
  readonly amountCents: number | undefined;
  readonly business: boolean;
  readonly readerStatus: string | undefined;
  readonly warnings: readonly string[];
  readonly unreadable: Readonly<Record<string, number[]>>;

  constructor(
    init: Omit<MaskedCheck, 'accountLast4' | 'accountMasked'> & {
      canadian?: { branch: string; institution: string };
      /** Clear values: kept only inside Sensitive wrappers. */
      account: string;
      line: string;
    },
  ) {
    this.routing = init.routing;
    this.country = init.country;
    this.canadian = init.canadian;
    const masked = maskAccount(init.account);
    this.account = new Sensitive(init.account, masked);
    this.line = new Sensitive(init.line, init.line.replace(/\d/g, '*'));
    this.checkNumber = init.checkNumber;
    this.amountCents = init.amountCents;
    this.business = init.business;
    this.readerStatus = init.readerStatus;
    this.warnings = init.warnings;
    this.unreadable = init.unreadable;
  }

  masked(): MaskedCheck {
    const view: MaskedCheck = {
      routing: this.routing,
      country: this.country,
      accountLast4: this.account.masked.replace(/\*/g, ''),
      accountMasked: this.account.masked,
      business: this.business,
      warnings: [...this.warnings],
      unreadable: { ...this.unreadable },
    };
    if (this.checkNumber !== undefined) view.checkNumber = this.checkNumber;
    if (this.amountCents !== undefined) view.amountCents = this.amountCents;
    if (this.readerStatus !== undefined) view.readerStatus = this.readerStatus;
    return view;
  }

  toJSON(): MaskedCheck {
    return this.masked();
  }

  toString(): string {
    return `check ${this.routing} ${this.account.masked}`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `CheckRead(${this.toString()})`;
  }
}

export interface ParseMicrOptions {
  symbols?: MicrSymbolChoice;
}

function unreadableAt(field: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < field.length; i++) if (field.charAt(i) === '?') at.push(i);
  return at;
}

/**
 * One MICR line (framing already removed) to a validated check, or a typed refusal. US checks:
 * routing with the ABA checksum; Canadian transit `XXXXX-YYY` accepted without a checksum and
 * flagged. The check number is the field right of the on-us symbol on personal checks and the
 * auxiliary on-us field on business checks. Never throws.
 */
export function parseMicr(rawLine: string, options: ParseMicrOptions = {}): Parsed<CheckRead> {
  let line = rawLine.replace(/[\r\n]+$/, '').trimEnd();
  let readerStatus: string | undefined;
  const status = /\/(\d\d)$/.exec(line);
  if (status) {
    readerStatus = status[1];
    line = line.slice(0, -3).trimEnd();
  }
  if (line.length > 200) return fail('OVERFLOW', 'The check line is too long to be a MICR line.');
  if (readerStatus === '01' || line.trim() === '') return fail('NO_MICR', 'No MICR line was read. Put the check in face up, printed edge first, and try again.');
  const map = resolveSymbols(options.symbols ?? 'auto', line);
  const normal = map ? normaliseMicr(line, map) : undefined;
  if (!normal?.ok) {
    return fail('BAD_SYMBOL', 'The reader sent characters this symbol setting does not know. Check the reader\'s MICR format setting (devices: symbols).');
  }
  const n = normal.text;
  const t1 = n.indexOf('T');
  const t2 = t1 < 0 ? -1 : n.indexOf('T', t1 + 1);
  if (t1 < 0 || t2 < 0) return fail('NO_TRANSIT', 'No routing (transit) field was found on the check. Try again or key the check.');

  const warnings: string[] = [];
  const unreadable: Record<string, number[]> = {};
  const transit = n.slice(t1 + 1, t2).replace(/ /g, '');
  let routing: string;
  let country: 'US' | 'CA' = 'US';
  let canadian: { branch: string; institution: string } | undefined;
  const ca = /^([\d?]{5})D([\d?]{3})$/.exec(transit);
  if (ca) {
    country = 'CA';
    const branch = ca[1] ?? '';
    const institution = ca[2] ?? '';
    canadian = { branch, institution };
    routing = `0${institution}${branch}`;
    warnings.push('CANADIAN_TRANSIT_NO_CHECKSUM');
  } else if (/^[\d?]{9}$/.test(transit)) {
    routing = transit;
  } else {
    return fail('BAD_ROUTING', 'The routing number on the check has the wrong length. Try again or key the check.');
  }
  if (routing.includes('?')) {
    return fail('UNREADABLE', 'Some digits of the routing number could not be read. Try again or key the check.', { unreadable: { routing: unreadableAt(transit) } });
  }
  if (country === 'US' && !abaValid(routing)) {
    return fail('BAD_ROUTING', 'The routing number failed its checksum. Try again or key the check.');
  }

  // Left of the transit field: the auxiliary on-us field of business checks (⑈serial⑈).
  const left = n.slice(0, t1);
  const aux = /U([\d? D]*)U/.exec(left);
  const business = aux !== null && /[\d?]/.test(aux[1] ?? '');
  let checkNumber: string | undefined;
  if (business) {
    const serial = (aux?.[1] ?? '').replace(/[ D]/g, '');
    if (serial.includes('?')) {
      warnings.push('CHECK_NUMBER_UNREADABLE');
      unreadable.checkNumber = unreadableAt(serial);
    } else checkNumber = serial.replace(/^0+(?=\d)/, '');
  }

  // Right of the transit field: the on-us field, and the amount field at the far right.
  let right = n.slice(t2 + 1);
  let amountCents: number | undefined;
  const amount = /A([\d? ]+)A/.exec(right);
  if (amount) {
    const digits = (amount[1] ?? '').replace(/ /g, '');
    right = right.slice(0, amount.index) + right.slice(amount.index + amount[0].length);
    if (digits.includes('?')) {
      warnings.push('AMOUNT_UNREADABLE');
      unreadable.amount = unreadableAt(digits);
    } else if (digits.length <= 12) amountCents = Number(digits);
  }
  const segments = right.split('U').map((s) => s.replace(/[ D]/g, ''));
  const accountIndex = segments.findIndex((s) => s !== '');
  const account = accountIndex < 0 ? '' : (segments[accountIndex] ?? '');
  if (!/\d/.test(account)) return fail('NO_ACCOUNT', 'No account number was found on the check. Try again or key the check.');
  if (account.includes('?')) {
    return fail('UNREADABLE', 'Some digits of the account number could not be read. Try again or key the check.', {
      unreadable: { account: unreadableAt(account), ...unreadable },
    });
  }
  if (!/^\d{1,20}$/.test(account)) return fail('NO_ACCOUNT', 'The account number on the check is not readable as digits.');
  if (!business) {
    // Personal checks: the check number is the field right of the on-us symbol.
    const after = segments.slice(accountIndex + 1).find((s) => s !== '');
    if (after !== undefined) {
      if (after.includes('?')) {
        warnings.push('CHECK_NUMBER_UNREADABLE');
        unreadable.checkNumber = unreadableAt(after);
      } else checkNumber = after.replace(/^0+(?=\d)/, '');
    }
  }
  if (checkNumber === undefined && !warnings.includes('CHECK_NUMBER_UNREADABLE')) warnings.push('NO_CHECK_NUMBER');
  if (readerStatus && !['00', '08', '10', '11'].includes(readerStatus)) warnings.push(`READER_STATUS_${readerStatus}`);

  return ok(
    new CheckRead({
      routing,
      country,
      ...(canadian ? { canadian } : {}),
      account,
      line: n,
      ...(checkNumber !== undefined ? { checkNumber } : {}),
      ...(amountCents !== undefined ? { amountCents } : {}),
      business,
      ...(readerStatus !== undefined ? { readerStatus } : {}),
      warnings,
      unreadable,
    }),
  );
}
