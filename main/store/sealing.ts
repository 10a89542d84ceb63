import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type CipherGCM,
  type KeyObject,
} from 'node:crypto';

/**
 * Sealing of secrets and card data at rest: ECIES over X25519 with AES-256-GCM.
 *
 * Why public-key sealing: anything (posctl writing a password, the register queueing an offline
 * payment) can seal with the terminal's public key, but only the process holding the private key
 * (protected by the OS keychain in the Electron app) can unseal. That makes secrets write-only for
 * the technician's command line by construction, not by convention.
 *
 * Blob layout: version(1) | ephemeral public key(32) | iv(12) | tag(16) | ciphertext.
 * The `context` string (e.g. "setting:gateway.password") is bound as GCM additional data, so a
 * sealed value cannot be moved to another field.
 */
const VERSION = 1;
const INFO = Buffer.from('counter-pos seal v1');

export class SealError extends Error {
  override name = 'SealError';
}

export function rawPublicKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  if (!jwk.x) throw new SealError('not an X25519 key');
  return Buffer.from(jwk.x, 'base64url');
}

export function publicKeyFromRaw(raw: Buffer): KeyObject {
  if (raw.length !== 32) throw new SealError('an X25519 public key has 32 bytes');
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }, format: 'jwk' });
}

export function generateTerminalKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('x25519');
}

export function privateKeyToDer(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'pkcs8' });
}

export function privateKeyFromDer(der: Buffer): KeyObject {
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

/** The private key in `der` if it is valid and belongs to `publicKey`. */
export function matchingPrivateKey(der: Buffer, publicKey: KeyObject): KeyObject | undefined {
  try {
    const key = privateKeyFromDer(der);
    return rawPublicKey(createPublicKey(key)).equals(rawPublicKey(publicKey)) ? key : undefined;
  } catch {
    return undefined;
  }
}

function deriveKey(shared: Buffer, ephemeralRaw: Buffer, recipientRaw: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeralRaw, recipientRaw]), INFO, 32));
}

/** Seals one value. Usable once: a second call throws, so an ephemeral key never seals twice. */
export type SealOnce = (plain: Buffer | string, context: string) => Buffer;

/**
 * A seal whose key agreement (a fresh X25519 key pair and the shared secret, most of a seal's
 * time), its random IV and its cipher are done now, so the seal itself is only AES-GCM over the
 * bytes: a sale prepares one while the customer swipes and seals in microseconds once the card is
 * read. The derived key is wiped as soon as the cipher holds it.
 */
export function prepareSeal(recipient: KeyObject): SealOnce {
  const ephemeral = generateKeyPairSync('x25519');
  const ephemeralRaw = rawPublicKey(ephemeral.publicKey);
  const key = deriveKey(diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient }), ephemeralRaw, rawPublicKey(recipient));
  const iv = randomBytes(12);
  let cipher: CipherGCM | undefined;
  try {
    cipher = createCipheriv('aes-256-gcm', key, iv);
  } finally {
    key.fill(0);
  }
  return (plain, context) => {
    const gcm = cipher;
    if (!gcm) throw new SealError('a prepared seal is used once');
    cipher = undefined;
    gcm.setAAD(Buffer.from(context));
    const head = Buffer.allocUnsafe(61);
    head[0] = VERSION;
    ephemeralRaw.copy(head, 1);
    iv.copy(head, 33);
    const body = gcm.update(typeof plain === 'string' ? Buffer.from(plain) : plain);
    const tail = gcm.final();
    gcm.getAuthTag().copy(head, 45);
    return Buffer.concat([head, body, tail]);
  };
}

export function seal(plain: Buffer | string, context: string, recipient: KeyObject): Buffer {
  return prepareSeal(recipient)(plain, context);
}

export function unseal(blob: Buffer, context: string, privateKey: KeyObject): Buffer {
  if (blob.length < 61 || blob[0] !== VERSION) throw new SealError('not a sealed value of a known version');
  const ephemeralRaw = blob.subarray(1, 33);
  const iv = blob.subarray(33, 45);
  const tag = blob.subarray(45, 61);
  const recipientRaw = rawPublicKey(createPublicKey(privateKey));
  const key = deriveKey(
    diffieHellman({ privateKey, publicKey: publicKeyFromRaw(Buffer.from(ephemeralRaw)) }),
    Buffer.from(ephemeralRaw),
    recipientRaw,
  );
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(blob.subarray(61)), decipher.final()]);
  } catch {
    throw new SealError(`sealed value for "${context}" failed authentication (wrong key, wrong field or tampered)`);
  } finally {
    key.fill(0);
  }
}
