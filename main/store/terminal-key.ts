import { createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { renameSync, statSync } from 'node:fs';
import type { KeyVault } from '../platform/key-vault';
import { keyFilePath, keyringAccount, readKeyFile, writeKeyFile, type KeyFileContent } from './key-file';
import {
  SealError,
  generateTerminalKeyPair,
  privateKeyFromDer,
  privateKeyToDer,
  publicKeyFromRaw,
  rawPublicKey,
  prepareSeal,
  seal,
  unseal,
  type SealOnce,
} from './sealing';

export interface Sealer {
  seal(plain: Buffer | string, context: string): Buffer;
  /** Throws SealError when this host cannot unlock the terminal key. */
  unseal(blob: Buffer, context: string): Buffer;
}

/**
 * - `keyring`: the private key is in the OS keyring (the protection every lane should have).
 * - `file`: no keyring on this host; the key file's 0600 permissions are its only protection.
 * - `locked`: the key exists but cannot be unlocked here: the terminal stays in training.
 * - `lost`: the key file is missing or damaged while sealed secrets exist: training until
 *   `posctl keys reset` and the secrets are entered again. Never silently a new key.
 */
export type KeyState = 'keyring' | 'file' | 'locked' | 'lost';

export interface KeyHealth {
  state: KeyState;
  /** A sentence for the status: what is wrong and what to do (empty when the key is in the keyring). */
  detail: string;
  /**
   * Locked only: the key may open again without a reset (the keyring is not reachable from this
   * session, the desktop app must migrate an older key, the file is not readable by this user).
   * `posctl keys reset` then asks for --force, since replacing the key loses what it sealed.
   */
  mayReturn?: boolean;
}

export interface TerminalKeyOptions {
  dataDir: string;
  /** The OS keyring, or why there is none on this host. */
  vault: KeyVault | { unavailable: string };
  /** Opens a version-1 key sealed by Electron's safeStorage (the desktop app only). */
  legacyUnprotect?: (blob: Buffer) => Buffer;
  /** Names of the sealed values stored in this data directory: a key may only be created when there are none. */
  sealedValues(): string[];
  /** Said when the key moved (to the keyring) or was replaced (a damaged file with nothing sealed). */
  onNotice?(message: string): void;
}

interface Loaded {
  health: KeyHealth;
  publicKey?: KeyObject;
  privateKey?: KeyObject;
}

const RESET_HINT = 'run `posctl keys reset`, then enter the secrets again (posctl config set KEY)';

function hasVault(v: TerminalKeyOptions['vault']): v is KeyVault {
  return !('unavailable' in v);
}

/**
 * The terminal's sealing key pair: the public key seals (any host, even without the private key),
 * the private key unseals. It lives in the OS keyring when the host has one, shared by the app,
 * the headless start and posctl; otherwise in the 0600 key file, with a warning in the status.
 */
export class TerminalKey implements Sealer {
  private readonly file: string;
  private loaded: Loaded;
  private stamp: string;

  constructor(private readonly o: TerminalKeyOptions) {
    this.file = keyFilePath(o.dataDir);
    this.stamp = this.fileStamp();
    this.loaded = this.load();
    this.stamp = this.fileStamp();
  }

  health(): KeyHealth {
    return this.loaded.health;
  }

  canUnseal(): boolean {
    return this.loaded.privateKey !== undefined;
  }

  seal(plain: Buffer | string, context: string): Buffer {
    if (!this.loaded.publicKey) throw new SealError(`cannot seal: ${this.loaded.health.detail}`);
    return seal(plain, context, this.loaded.publicKey);
  }

  /**
   * A seal with its key agreement done ahead (see `prepareSeal`). Should the key be replaced
   * before it is used (posctl keys reset while a customer swipes), it seals with the new key, the
   * one that will unseal it.
   */
  prepareSeal(): SealOnce {
    const publicKey = this.loaded.publicKey;
    if (!publicKey) throw new SealError(`cannot seal: ${this.loaded.health.detail}`);
    const once = prepareSeal(publicKey);
    return (plain, context) => (this.loaded.publicKey === publicKey ? once(plain, context) : this.seal(plain, context));
  }

  unseal(blob: Buffer, context: string): Buffer {
    if (!this.loaded.privateKey) throw new SealError(`cannot unseal: ${this.loaded.health.detail}`);
    return unseal(blob, context, this.loaded.privateKey);
  }

  /**
   * A 32-byte key for one purpose (`pin-verifier`), derived from the private key with HKDF, so a
   * value keyed with it (a PIN verifier) cannot be tested from a copy of the databases without
   * the key. Throws SealError where the private key does not open. Changes when the key is replaced.
   */
  derive(purpose: string): Buffer {
    const privateKey = this.loaded.privateKey;
    if (!privateKey) throw new SealError(`cannot derive a key: ${this.loaded.health.detail}`);
    const der = privateKeyToDer(privateKey);
    try {
      return Buffer.from(hkdfSync('sha256', der, Buffer.alloc(0), `counter-pos ${purpose} v1`, 32));
    } finally {
      der.fill(0);
    }
  }

  /** Loads the key again if another process replaced the key file (posctl keys reset). Returns whether it did. */
  refresh(): boolean {
    const stamp = this.fileStamp();
    if (stamp === this.stamp) return false;
    this.loaded = this.load();
    this.stamp = this.fileStamp();
    return true;
  }

  /** A new key pair, whatever the old one's state (`posctl keys reset`). Values sealed with the old key become unreadable. */
  replace(): KeyHealth {
    this.loaded = this.create();
    this.stamp = this.fileStamp();
    return this.loaded.health;
  }

  private fileStamp(): string {
    try {
      const s = statSync(this.file);
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return 'none';
    }
  }

  private load(): Loaded {
    const read = readKeyFile(this.file);
    if (read.kind === 'unreadable') return { health: { state: 'locked', mayReturn: true, detail: `the terminal key file ${this.file} cannot be read (${read.why}); run the terminal as the user that owns its data directory` } };
    if (read.kind === 'ok') return this.open(read.content);
    const sealed = this.o.sealedValues();
    const what = read.kind === 'missing' ? 'is missing' : `is damaged (${read.why})`;
    if (sealed.length > 0) {
      return { health: { state: 'lost', detail: `the terminal key file ${this.file} ${what} while ${sealed.length} sealed value(s) exist (${sealed.join(', ')}): the terminal stays in training; ${RESET_HINT}` } };
    }
    if (read.kind === 'damaged') {
      const aside = `${this.file}.damaged-${Date.now()}`;
      renameSync(this.file, aside);
      this.o.onNotice?.(`the terminal key file was damaged and nothing was sealed with it: moved aside to ${aside}; a new key was made`);
    }
    return this.create();
  }

  private open(content: KeyFileContent): Loaded {
    let publicKey: KeyObject;
    try {
      publicKey = publicKeyFromRaw(Buffer.from(content.publicKey, 'base64url'));
    } catch {
      return { health: { state: 'lost', detail: `the terminal key file ${this.file} is damaged (its public key is unreadable); ${RESET_HINT}` } };
    }
    if (content.protection === 'os-keyring') return this.fromKeyring(content.account, publicKey);
    let der: Buffer;
    if (content.protection === 'os-keychain') {
      if (!this.o.legacyUnprotect) {
        return { publicKey, health: { state: 'locked', mayReturn: true, detail: 'the terminal key is still protected by the desktop app of an earlier version (Electron safeStorage): start the desktop app once on this computer to move it to the OS keyring' } };
      }
      try {
        der = this.o.legacyUnprotect(Buffer.from(content.privateKey, 'base64'));
      } catch {
        return { publicKey, health: { state: 'locked', detail: 'the desktop keychain could not open the terminal key of an earlier version' } };
      }
    } else {
      der = Buffer.from(content.privateKey, 'base64');
    }
    const privateKey = matchingPrivateKey(der, publicKey);
    der.fill(0);
    if (!privateKey) return { publicKey, health: { state: 'lost', detail: `the private key in ${this.file} does not match its public key (damaged); ${RESET_HINT}` } };
    // Earlier builds kept the key in a file (or in safeStorage): move it into the keyring where there is one.
    if (content.version === 1 || hasVault(this.o.vault)) return this.store(publicKey, privateKey, 'moved', content);
    return { publicKey, privateKey, health: fileHealth(this.o.vault) };
  }

  private fromKeyring(account: string, publicKey: KeyObject): Loaded {
    const vault = this.o.vault;
    if (!hasVault(vault)) {
      return { publicKey, health: { state: 'locked', mayReturn: true, detail: `the terminal key is in an OS keyring, but this host has none (${vault.unavailable}); run this from the lane's desktop session, or ${RESET_HINT}` } };
    }
    let stored: string | undefined;
    try {
      stored = vault.get(account);
    } catch (e) {
      return { publicKey, health: { state: 'locked', mayReturn: true, detail: `the terminal key cannot be read from the ${vault.label}: ${(e as Error).message}; unlock the keyring or run this from the lane's desktop session` } };
    }
    if (stored === undefined) {
      // Often a technician running as another user (sudo): that user's keyring is another one.
      return {
        publicKey,
        health: {
          state: 'locked',
          mayReturn: true,
          detail: `the ${vault.label} of this user has no entry ${account} for this terminal's key: run this as the user the terminal runs as; if the data directory was copied from another computer or the entry was deleted, ${RESET_HINT}`,
        },
      };
    }
    const der = Buffer.from(stored, 'base64');
    const privateKey = matchingPrivateKey(der, publicKey);
    der.fill(0);
    if (!privateKey) return { publicKey, health: { state: 'locked', detail: `the ${vault.label} entry ${account} does not hold this terminal's key; ${RESET_HINT}` } };
    return { publicKey, privateKey, health: { state: 'keyring', detail: '' } };
  }

  private create(): Loaded {
    const pair = generateTerminalKeyPair();
    return this.store(pair.publicKey, pair.privateKey, 'created');
  }

  /** Puts the private key in the keyring (checked by reading it back), or in the key file where there is no keyring. */
  private store(publicKey: KeyObject, privateKey: KeyObject, why: 'created' | 'moved', current?: KeyFileContent): Loaded {
    const publicText = rawPublicKey(publicKey).toString('base64url');
    const der = privateKeyToDer(privateKey);
    const secret = der.toString('base64');
    der.fill(0);
    const vault = this.o.vault;
    let problem: string | undefined;
    if (hasVault(vault)) {
      const account = keyringAccount(publicKey);
      try {
        vault.set(account, secret);
        if (vault.get(account) !== secret) throw new Error('the stored key did not read back');
        writeKeyFile(this.file, { version: 2, protection: 'os-keyring', publicKey: publicText, account });
        if (why === 'moved') this.o.onNotice?.(`the terminal key was moved from its file into the ${vault.label}`);
        return { publicKey, privateKey, health: { state: 'keyring', detail: '' } };
      } catch (e) {
        problem = (e as Error).message;
      }
    }
    // A version-2 file key that could not move stays as it is: no rewrite (and no reload elsewhere) on every start.
    if (current?.version !== 2) writeKeyFile(this.file, { version: 2, protection: 'file', publicKey: publicText, privateKey: secret });
    return { publicKey, privateKey, health: fileHealth(vault, problem) };
  }
}

function fileHealth(vault: TerminalKeyOptions['vault'], problem?: string): KeyHealth {
  const why = problem ?? ('unavailable' in vault ? vault.unavailable : 'the OS keyring was not used');
  return {
    state: 'file',
    detail: `the terminal key is protected by file permissions only (no usable OS keyring: ${why}); anyone who can read the data directory or a backup of it can unseal its secrets`,
  };
}

/** The private key in `der` if it is valid and belongs to `publicKey`. */
function matchingPrivateKey(der: Buffer, publicKey: KeyObject): KeyObject | undefined {
  try {
    const key = privateKeyFromDer(der);
    return rawPublicKey(createPublicKey(key)).equals(rawPublicKey(publicKey)) ? key : undefined;
  } catch {
    return undefined;
  }
}
