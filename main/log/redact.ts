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

const TEXT_RULES: Array<[RegExp, string | ((m: string, ...g: string[]) => string)]> = [
  [SENSITIVE_XML, (_m, tag: string, attrs = '') => `<${tag}${attrs}>${MASK}</${tag}>`],
  // Track 1 (format B and tolerant variants): %B...^...^...? or up to the end of the token.
  [/%[A-Z]?\d[\d ]{7,25}\^[^?\n]*\??/g, '[TRACK1]'],
  // Track 2 and EMV track-2 equivalents: ;PAN=... or PAN=YYMM... or PAN D YYMM...
  [/;?\d{8,19}[=D]\d{4}[\d=]*\??/g, '[TRACK2]'],
  // E-13B MICR symbols mean a check line: hide the whole run.
  [/[\d\u2446-\u2449 ?-]*[\u2446-\u2449][\d\u2446-\u2449 ?-]*/g, '[MICR]'],
  // Credentials written as key=value or key: value in free text.
  [/\b(password|passwd|pwd|secret|api[_-]?secret|hmac[_-]?key|token|pin)(\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi,
    (_m, k: string, sep: string) => `${k}${sep}${MASK}`],
  [/\b(Authorization\s*:\s*)[^\r\n]+/gi, (_m, k: string) => `${k}${MASK}`],
  // PAN-like runs: 12 to 19 digits, optionally grouped by single spaces or dashes. Keeps the last 4.
  [/(?<![\d])\d(?:[ -]?\d){11,18}(?![\d])/g, (m) => `[PAN …${m.replace(/\D/g, '').slice(-4)}]`],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) {
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return out;
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
