import { luhnValid } from '../../native/card/luhn';
/**
 * The one redactor. Every log line and every error message bound for a log passes through it,
 * so card data, track data, credentials and keys never reach a log, whatever module wrote it.
 * It errs on the side of hiding: a 13-digit timestamp in a message is masked too.
 */

const MASK = '[REDACTED]';

/** Field names whose values are never logged, compared lower-case without separators. */
const SENSITIVE_KEYS = new Set([
  'password', 'passwd', 'pwd', 'pin', 'pinblock', 'managerpin', 'cvd', 'cvdcode', 'cvv', 'cvv2', 'cvc',
  'track', 'track1', 'track2', 'track3', 'tracks', 'trackdata', 'pan', 'cardnumber', 'accountnumber',
  'bankaccountnumber', 'account', 'micr', 'micrline', 'secret', 'apisecret', 'hmackey', 'privatekey',
  'datakey', 'token', 'authorization', 'cookie', 'ksn', 'customerid', 'dateofbirth',
]);
const SENSITIVE_SUFFIXES = ['password', 'secret', 'token', 'privatekey'];

export function isSensitiveKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SENSITIVE_KEYS.has(k) || SENSITIVE_SUFFIXES.some((s) => k.endsWith(s));
}

/** XML elements of the gateway envelopes whose content is card data or a credential. */
const SENSITIVE_XML = /<((?:[\w-]+:)?(?:Password|Card_Number|Track1|Track2|PAN|CVDCode|CVD_Code|BankAccountNumber|MICR|CustomerID|DateOfBirth|Expiry_Date|CAVV|XID))(\s[^>]*)?>[^<]*<\/\1>/g;

type Rule = [RegExp, string | ((m: string, ...g: string[]) => string)];

/** Names of credentials written in free text as `name=value` or `name: value`. */
const CREDENTIAL_NAMES = /\b(password|passwd|pwd|secret|api[_-]?secret|hmac[_-]?key|token|pin|cvv2?|cvc2?|cvd|cid)/;

const MICR_ASCII =
  /(?<![A-Za-z0-9])(?:[UuOoc][\d ?!-]*[UuOoc] ?)?[Ttd][\d?!]{4,5}[Dd-]?[\d?!]{3,5}[Ttd](?: *(?:[\d?!]|[TtUuOoAaDdcb$-](?![A-Za-z])))*/g;

const panMask = (m: string): string => `[PAN …${m.replace(/\D/g, '').slice(-4)}]`;

const TEXT_RULES: Rule[] = [
  [SENSITIVE_XML, (_m, tag: string, attrs = '') => `<${tag}${attrs}>${MASK}</${tag}>`],
  // Track 1 (format B and tolerant variants): %B...^...^...? or up to the end of the token.
  [/%[A-Z]?\d[\d ]{7,25}\^[^?\n]*\??/g, '[TRACK1]'],
  // Track 2 and EMV track-2 equivalents: ;PAN=... or PAN=YYMM... or PAN D YYMM...
  [/;?\d{8,19}[=D]\d{4}[\d=]*\??/g, '[TRACK2]'],
  // E-13B MICR symbols mean a check line: hide the whole run.
  [/[\d\u2446-\u2449 ?-]*[\u2446-\u2449][\d\u2446-\u2449 ?-]*/g, '[MICR]'],
  // The same line in a reader's ASCII spelling (T/U, TOAD, t o a d, d c b: see native/check/micr-symbols.ts):
  // the routing field framed by transit symbols gives it away; an on-us field before it and the
  // fields after it go too (a symbol letter counts only where no other letter follows it).
  [MICR_ASCII, '[MICR]'],
  // Credentials written as key=value or key: value in free text.
  [new RegExp(`${CREDENTIAL_NAMES.source}(\\s*[=:]\\s*)("[^"]*"|'[^']*'|\\S+)`, 'gi'),
    (_m, k: string, sep: string) => `${k}${sep}${MASK}`],
  [/\b(Authorization\s*:\s*)[^\r\n]+/gi, (_m, k: string) => `${k}${MASK}`],
  // Credentials inside a URL: scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@:]+:[^\s/?#@]*@/gi, (_m, scheme: string) => `${scheme}${MASK}@`],
];

/** A run of 13 to 19 digits, grouped by single spaces, dashes, dots or slashes (4111.1111.1111.1111). */
const GROUPED_DIGITS = /(?<![\d])\d(?:[ ./-]?\d){12,18}(?![\d])/g;

/**
 * Logs: any PAN-like run goes, Luhn or not (a mistyped card number is still card data), from 12
 * digits grouped by spaces or dashes; dots and slashes from 13, so an IPv4 address stays readable.
 */
const LOG_PAN_RULES: Rule[] = [
  [/(?<![\d])\d(?:[ -]?\d){11,18}(?![\d])/g, panMask],
  [GROUPED_DIGITS, panMask],
];

/**
 * Data that leaves the process (contract replies and events, posctl's output): what could be a
 * card number goes, 13 to 19 digits of a card brand's first digit (2-6) that pass the Luhn
 * check, however grouped. Identifiers a screen must show (a 12-digit merchant account number,
 * a reference) stay whole; the log masks them anyway.
 */
const DATA_PAN_RULES: Rule[] = [
  [GROUPED_DIGITS, (m) => {
    const digits = m.replace(/\D/g, '');
    return /^[2-6]/.test(digits) && luhnValid(digits) ? panMask(m) : m;
  }],
];

const RULES = { log: [...TEXT_RULES, ...LOG_PAN_RULES], data: [...TEXT_RULES, ...DATA_PAN_RULES] } as const;

/**
 * What every rule needs at least: a MICR symbol, a character of a credential, XML or track 1
 * (= : < @ %), eight digits in a row (however grouped), or a transit symbol spelled in ASCII before
 * four digits. Most text has none: one pass, not ten.
 */
const MIGHT_HIDE = /[\u2446-\u2449=:<@%]|\d(?:[ ./-]?\d){7}|[Ttd][\d?!]{4}/;

/** `log` (default) hides every PAN-like run; `data` (what screens and scripts read) only what may be a card number. */
export type RedactMode = keyof typeof RULES;

function applyRules(text: string, mode: RedactMode): string {
  let out = text;
  for (const [pattern, replacement] of RULES[mode]) {
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return out;
}

/*
 * The terminal's own sentences that the rules would rewrite: a credential's name before a colon
 * in words ("must not carry Password: give it with --password -", "remove the manager PIN: the next
 * …") reads like `Password: hunter2`, and the word after it would go. Such a sentence is declared
 * where it is written, and every occurrence of it (wrapped over lines or not) is left as written.
 * That shields no secret: a declared sentence is fixed text, so the "value" after its colon is a
 * word of it, and one that ends on a credential's name and separator is refused.
 */
const ownSentences = new Map<string, RegExp>();
/** Private-use characters: no rule matches them, so a shielded sentence passes the rules whole. */
const TOKEN = /\uE000([\uE100-\uEFFF])\uE001/g;
const MAX_TOKENS = 0xefff - 0xe100;
const ENDS_ON_CREDENTIAL = new RegExp(`${CREDENTIAL_NAMES.source}\\s*[=:]\\s*$`, 'i');

/**
 * Declares `text` the terminal's own words (written in code, never data): redactText leaves it as
 * written. Only a sentence the rules would change is kept. Returns the text.
 */
export function declareOwnWords(text: string): string {
  if (ENDS_ON_CREDENTIAL.test(text)) throw new Error(`own words must not end on a credential's name and separator (what follows would not be redacted): ${text.slice(-40)}`);
  if (ownSentences.has(text) || (applyRules(text, 'log') === text && applyRules(text, 'data') === text)) return text;
  // Any run of blanks matches any other: help text wraps a description over lines.
  const words = text.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  ownSentences.set(text, new RegExp(words.join('\\s+'), 'g'));
  return text;
}

/** A sentence of the terminal's own, as a literal: ownWords`…` (no value can be put in it). */
export function ownWords(strings: TemplateStringsArray): string {
  return declareOwnWords(strings.join(''));
}

export function redactText(text: string, mode: RedactMode = 'log'): string {
  if (!MIGHT_HIDE.test(text)) return text;
  if (ownSentences.size === 0) return applyRules(text, mode);
  const shielded: string[] = [];
  let out = text;
  for (const pattern of ownSentences.values()) {
    out = out.replace(pattern, (sentence) => {
      if (shielded.length >= MAX_TOKENS) return sentence;
      shielded.push(sentence);
      return `\uE000${String.fromCharCode(0xe100 + shielded.length - 1)}\uE001`;
    });
  }
  // A token a rule took along (a credential's value) stays hidden with it.
  return applyRules(out, mode).replace(TOKEN, (token, index: string) => shielded[index.charCodeAt(0) - 0xe100] ?? token);
}

/** A picture handed to the renderer as a data: URL (catalogue images): bytes, not text to scrub. */
const BASE64_DATA_URL = /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/;

/**
 * Deep copy with every string scrubbed by redactText (data mode) and nothing else changed: for what leaves
 * the process as data (posctl's JSON, contract replies and events), where field names are the
 * contract's and already say what may be shown.
 */
export function redactStrings<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (BASE64_DATA_URL.test(value) ? value : redactText(value, 'data')) as T;
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redactStrings(v, depth + 1)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactStrings(v, depth + 1);
  return out as T;
}

/**
 * Deep copy of a value fit for a log: sensitive keys masked, strings scrubbed, Buffers summarised,
 * errors flattened to type, message and stack (all scrubbed). Cycles and depth are bounded.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? value.toString() : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth > 8) return '[Depth]';
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  seen.add(value);
  if (value instanceof Error) {
    const out: Record<string, unknown> = { type: value.name, message: redactText(value.message) };
    if (value.stack) out.stack = redactText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out.code = redactValue(code, depth + 1, seen);
    if (value.cause !== undefined) out.cause = redactValue(value.cause, depth + 1, seen);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSensitiveKey(k) ? MASK : redactValue(v, depth + 1, seen);
  }
  return out;
}
