import { createHmac } from 'node:crypto';

/**
 * The HMAC scheme of the marketplace and merchant interfaces: a `date` header in RFC 1123 form and
 * `Authorization: hmac username="<key>",algorithm="<alg>",headers="date",signature="<sig>"`, where
 * sig = base64(HMAC(secret, "date: " + <date header value>)). The algorithm is per deployment.
 */
export const HMAC_ALGORITHMS = ['hmac-sha1', 'hmac-sha256', 'hmac-sha384', 'hmac-sha512'] as const;
export type HmacAlgorithm = (typeof HMAC_ALGORITHMS)[number];

const DIGEST: Record<HmacAlgorithm, string> = {
  'hmac-sha1': 'sha1',
  'hmac-sha256': 'sha256',
  'hmac-sha384': 'sha384',
  'hmac-sha512': 'sha512',
};

export interface HmacCredentials {
  apiKey: string;
  apiSecret: string;
  algorithm: HmacAlgorithm;
}

/** RFC 1123 date as the `date` header carries it, e.g. `Sun, 22 Nov 2026 08:00:00 GMT`. */
export function httpDate(at: Date): string {
  return at.toUTCString();
}

/** The string that is signed: only the `date` header is covered. */
export function signingString(dateHeader: string): string {
  return `date: ${dateHeader}`;
}

export function signature(secret: string, algorithm: HmacAlgorithm, dateHeader: string): string {
  return createHmac(DIGEST[algorithm], secret).update(signingString(dateHeader), 'utf8').digest('base64');
}

/** Quotes in a key would break the header's grammar; refuse rather than send a malformed header. */
function quoted(value: string, what: string): string {
  if (/["\\\r\n]/.test(value)) throw new Error(`the ${what} contains a quote, backslash or line break`);
  return `"${value}"`;
}

/** The two authentication headers of one request, signed at `at`. */
export function authHeaders(credentials: HmacCredentials, at: Date): { date: string; authorization: string } {
  const date = httpDate(at);
  const sig = signature(credentials.apiSecret, credentials.algorithm, date);
  const authorization =
    `hmac username=${quoted(credentials.apiKey, 'API key')},algorithm=${quoted(credentials.algorithm, 'algorithm')},` +
    `headers="date",signature="${sig}"`;
  return { date, authorization };
}
