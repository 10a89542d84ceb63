import { createHash, createHmac } from 'node:crypto';

/**
 * Request signing of the gateway family (reference: HMAC request signing): the string to sign is
 * METHOD \n CONTENT_TYPE \n lowercase hex SHA-1 of the exact body bytes \n DATE \n PATH, signed with
 * HMAC-SHA1 and sent as `Authorization: GGE4_API <key id>:<base64 signature>`.
 */
export interface HmacCredentials {
  keyId: string;
  key: string;
}

export interface SigningInput {
  method: string;
  contentType: string;
  body: Buffer | string;
  /** ISO-8601 UTC to the second, e.g. 2014-05-24T14:00:30Z. */
  date: string;
  /** Path only, no query, e.g. /transaction/v14. */
  path: string;
}

export function sha1Hex(body: Buffer | string): string {
  return createHash('sha1').update(body).digest('hex');
}

export function stringToSign(input: Omit<SigningInput, 'body'> & { contentSha1: string }): string {
  return [input.method.toUpperCase(), input.contentType, input.contentSha1, input.date, input.path].join('\n');
}

export function hmacSignature(key: string, toSign: string): string {
  return createHmac('sha1', key).update(toSign, 'utf8').digest('base64');
}

/** The gateway's date format: seconds precision, Z. */
export function signingDate(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/** The three headers that sign one request. */
export function signatureHeaders(credentials: HmacCredentials, input: SigningInput): Record<string, string> {
  const contentSha1 = sha1Hex(input.body);
  const signature = hmacSignature(credentials.key, stringToSign({ ...input, contentSha1 }));
  return {
    'X-GGe4-Date': input.date,
    'X-GGe4-Content-SHA1': contentSha1,
    Authorization: `GGE4_API ${credentials.keyId}:${signature}`,
  };
}
