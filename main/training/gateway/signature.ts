import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Checks a request's GGE4_API HMAC signature as the real gateway does; answers why it fails, or undefined. */
export function verifySignature(req: IncomingMessage, body: Buffer, path: string, hmac: { keyId: string; key: string }): string | undefined {
  const auth = String(req.headers.authorization ?? '');
  const m = /^GGE4_API ([^:\s]+):(\S+)$/.exec(auth);
  if (!m) return 'missing or malformed Authorization header';
  if (m[1] !== hmac.keyId) return 'unknown key id';
  const digest = createHash('sha1').update(body).digest('hex');
  if (String(req.headers['x-gge4-content-sha1'] ?? '') !== digest) return 'X-GGe4-Content-SHA1 does not match the body';
  const date = String(req.headers['x-gge4-date'] ?? '');
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(date)) return 'X-GGe4-Date missing or not ISO-8601 UTC';
  const message = ['POST', String(req.headers['content-type'] ?? ''), digest, date, path].join('\n');
  const expected = createHmac('sha1', hmac.key).update(message).digest();
  const given = Buffer.from(m[2] ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature does not match';
  return undefined;
}
