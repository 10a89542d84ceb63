import { createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { renameSync, statSync } from 'node:fs';
import { KeyVaultMissingError, type KeyVault } from '../platform/key-vault';
import type { MachineProtection } from '../platform/machine-key';
import { keyFilePath, keyringAccount, readKeyFile, writeKeyFile, type KeyFileContent } from './key-file';
import { LaneMachineKey, RESET_HINT, type OpenedKey } from './key-machine';
import {
  SealError,
  generateTerminalKeyPair,
  matchingPrivateKey,
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
 * - `machine`: a machine-wide lane's key, kept by the machine outside the data folder
 *   (platform/machine-key.ts): a copy of the data folder alone unseals nothing.
 * - `file`: no keyring on this host; the key file's permissions are its only protection.
 * - `locked`: the key exists but cannot be unlocked here: the terminal stays in training.
 * - `lost`: the key file is missing or damaged while sealed secrets exist: training until
 *   `posctl keys reset` and the secrets are entered again. Never silently a new key.
 */
export type KeyState = 'keyring' | 'machine' | 'file' | 'locked' | 'lost';

export interface KeyHealth {
  state: KeyState;
  /** A sentence for the status: what is wrong and what to do (empty in the keyring; where it is for `machine`). */
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
  /** The machine's protector, and whether this lane keeps its key there (a machine-wide lane). */
  machine?: MachineProtection;
  /** Opens a version-1 key sealed by Electron's safeStorage (the desktop app only). */
  legacyUnprotect?: (blob: Buffer) => Buffer;
  /** Names of the sealed values stored in this data directory: a key may only be created when there are none. */
  sealedValues(): string[];
  /** Said when the key moved (to the keyring, to the machine) or was replaced (a damaged file with nothing sealed). */
  onNotice?(message: string): void;
  /**
   * Whether this process moves a key kept in the key file into the OS keyring: the lane's own
   * start (the app, the headless start), not posctl. A keyring belongs to one login session: a
   * posctl run from a technician's session would move the key where a lane started without that
   * keyring (a service with no session bus) cannot read it, and the running lane, which reloads
   * a changed key file within a second, would drop to training. A fleet's monitoring also runs
   * `posctl status` every minute, where a keyring tried each time costs time and a locked one
   * may prompt on the lane's screen. A new key (made, imported, reset) goes into the keyring
   * wherever one answers, as before; a move to the machine's protection (every lane account
   * reads it) is made by any process that can write there.
   */
  movesIntoKeyring?: boolean;
}

type Loaded = OpenedKey;

/** `posctl keys protect` or `keys import` refused, in words for the technician. */
export class KeyProtectRefused extends Error {
  override name = 'KeyProtectRefused';
}

function hasVault(v: TerminalKeyOptions['vault']): v is KeyVault {
  return !('unavailable' in v);
}

/**
 * The terminal's sealing key pair: the public key seals (any host, even without the private key),
 * the private key unseals. It lives in the OS keyring when the host has one, shared by the app,
 * the headless start and posctl; a machine-wide lane's (no keyring serves all its accounts) with
 * the machine, outside the data folder; otherwise in the key file, with a warning in the status.
 */
export class TerminalKey implements Sealer {
  private readonly file: string;
  private readonly machine: LaneMachineKey;
  private loaded: Loaded;
  private stamp: string;

  constructor(private readonly deps: TerminalKeyOptions) {
    this.file = keyFilePath(deps.dataDir);
    this.machine = new LaneMachineKey({ file: this.file, ...(deps.machine ? { machine: deps.machine } : {}), onNotice: (message) => deps.onNotice?.(message) });
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

  /**
   * `posctl keys protect`: moves a key kept in the data folder to the machine's protector (making
   * the Linux folder first). Throws KeyProtectRefused, saying why, when it cannot.
   */
  protect(): KeyHealth {
    const { health, publicKey, privateKey } = this.loaded;
    if (health.state === 'keyring' || health.state === 'machine') return health;
    if (!publicKey || !privateKey) throw new KeyProtectRefused(`the terminal key does not open here, so it cannot be moved: ${health.detail}`);
    const m = this.machine.protector();
    if (typeof m === 'string') throw new KeyProtectRefused(m);
    try {
      m.prepare();
      this.loaded = this.machine.keep(m, publicKey, privateKey, 'moved');
    } catch (e) {
      throw new KeyProtectRefused(`the terminal key stays in the data folder: ${(e as Error).message}`);
    }
    this.stamp = this.fileStamp();
    return this.loaded.health;
  }

  /**
   * `posctl keys import`: the terminal's key becomes `privateKey`, kept as a new key would be. A
   * different key than this data folder's is refused while values are sealed here (they would no
   * longer open), unless `force`.
   */
  adopt(privateKey: KeyObject, options: { force?: boolean } = {}): KeyHealth {
    const publicKey = createPublicKey(privateKey);
    const same = this.loaded.publicKey !== undefined && rawPublicKey(this.loaded.publicKey).equals(rawPublicKey(publicKey));
    const sealed = same ? [] : this.deps.sealedValues();
    if (sealed.length > 0 && !options.force) {
      throw new KeyProtectRefused(
        `this data folder's terminal key is another one, and ${sealed.length} value(s) are sealed with it (${sealed.join(', ')}): importing would make them unreadable. Import into the data folder the key comes with, or give --force`,
      );
    }
    this.loaded = this.store(publicKey, privateKey, 'imported');
    this.stamp = this.fileStamp();
    return this.loaded.health;
  }

  /** The private key (PKCS#8 DER) for `posctl keys export`, which writes it only encrypted; the caller zeroes it. */
  exportPrivateKey(): { der: Buffer; publicKey: Buffer } {
    const { privateKey, publicKey } = this.loaded;
    if (!privateKey || !publicKey) throw new SealError(`cannot export the terminal key: ${this.loaded.health.detail}`);
    return { der: privateKeyToDer(privateKey), publicKey: rawPublicKey(publicKey) };
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
    const sealed = this.deps.sealedValues();
    const what = read.kind === 'missing' ? 'is missing' : `is damaged (${read.why})`;
    if (sealed.length > 0) {
      return { health: { state: 'lost', detail: `the terminal key file ${this.file} ${what} while ${sealed.length} sealed value(s) exist (${sealed.join(', ')}): the terminal stays in training; ${RESET_HINT}` } };
    }
    if (read.kind === 'damaged') {
      const aside = `${this.file}.damaged-${Date.now()}`;
      renameSync(this.file, aside);
      this.deps.onNotice?.(`the terminal key file was damaged and nothing was sealed with it: moved aside to ${aside}; a new key was made`);
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
    if (content.protection === 'machine') return this.machine.open(content, publicKey);
    let der: Buffer;
    if (content.protection === 'os-keychain') {
      if (!this.deps.legacyUnprotect) {
        return { publicKey, health: { state: 'locked', mayReturn: true, detail: 'the terminal key is still protected by the desktop app of an earlier version (Electron safeStorage): start the desktop app once on this computer to move it to the OS keyring' } };
      }
      try {
        der = this.deps.legacyUnprotect(Buffer.from(content.privateKey, 'base64'));
      } catch {
        return { publicKey, health: { state: 'locked', detail: 'the desktop keychain could not open the terminal key of an earlier version' } };
      }
    } else {
      der = Buffer.from(content.privateKey, 'base64');
    }
    const privateKey = matchingPrivateKey(der, publicKey);
    der.fill(0);
    if (!privateKey) return { publicKey, health: { state: 'lost', detail: `the private key in ${this.file} does not match its public key (damaged); ${RESET_HINT}` } };
    // Earlier builds kept the key in a file (or in safeStorage): move it into the keyring (the
    // lane's own start), or to the machine for a machine-wide lane, where this process can. A key
    // opened from safeStorage is never left to a file while a keyring answers, whoever opens it.
    const intoKeyring = hasVault(this.deps.vault) && (this.deps.movesIntoKeyring === true || content.protection === 'os-keychain');
    if (content.version === 1 || intoKeyring || typeof this.machine.writable() !== 'string') return this.store(publicKey, privateKey, 'moved', content, intoKeyring);
    return { publicKey, privateKey, health: this.fileHealth() };
  }

  private fromKeyring(account: string, publicKey: KeyObject): Loaded {
    const vault = this.deps.vault;
    const none = (why: string): Loaded => ({
      publicKey,
      health: { state: 'locked', mayReturn: true, detail: `the terminal key is in an OS keyring, but this host has none (${why}); run this from the lane's desktop session, or ${RESET_HINT}` },
    });
    if (!hasVault(vault)) return none(vault.unavailable);
    let stored: string | undefined;
    try {
      stored = vault.get(account);
    } catch (e) {
      if (e instanceof KeyVaultMissingError) return none(e.message);
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

  /**
   * Puts the private key in the keyring (unless `intoKeyring` is false), else (a machine-wide
   * lane) with the machine, each checked by reading it back; else in the key file.
   */
  private store(publicKey: KeyObject, privateKey: KeyObject, why: 'created' | 'moved' | 'imported', current?: KeyFileContent, intoKeyring = true): Loaded {
    const publicText = rawPublicKey(publicKey).toString('base64url');
    const der = privateKeyToDer(privateKey);
    const secret = der.toString('base64');
    der.fill(0);
    const vault = this.deps.vault;
    const problems: { keyring?: string; machine?: string } = {};
    if (intoKeyring && hasVault(vault)) {
      const account = keyringAccount(publicKey);
      try {
        vault.set(account, secret);
        if (vault.get(account) !== secret) throw new Error('the stored key did not read back');
        writeKeyFile(this.file, { version: 2, protection: 'os-keyring', publicKey: publicText, account });
        if (why === 'moved') this.deps.onNotice?.(`the terminal key was moved from its file into the ${vault.label}`);
        return { publicKey, privateKey, health: { state: 'keyring', detail: '' } };
      } catch (e) {
        problems.keyring = (e as Error).message;
      }
    }
    const m = this.machine.writable();
    if (typeof m !== 'string') {
      try {
        return this.machine.keep(m, publicKey, privateKey, why);
      } catch (e) {
        problems.machine = `${m.label} could not keep it (${(e as Error).message}); fix that, then run \`sudo posctl keys protect\``;
      }
    }
    // A version-2 file key that could not move stays as it is: no rewrite (and no reload elsewhere) on every start.
    if (current?.version !== 2 || current.protection !== 'file') writeKeyFile(this.file, { version: 2, protection: 'file', publicKey: publicText, privateKey: secret });
    return { publicKey, privateKey, health: this.fileHealth(problems) };
  }

  private fileHealth(problems: { keyring?: string; machine?: string } = {}): KeyHealth {
    const vault = this.deps.vault;
    const untried = hasVault(vault) && problems.keyring === undefined && this.deps.movesIntoKeyring !== true;
    const why = untried
      ? `not moved into the ${vault.label} by this command: the app or the headless start moves it there when it starts where that answers`
      : `no usable OS keyring: ${problems.keyring ?? ('unavailable' in vault ? vault.unavailable : 'the OS keyring was not used')}`;
    // A machine-wide lane is told how to move its key out of the data folder.
    const machine = this.deps.machine?.forNewKeys ? (problems.machine ?? this.machine.writable()) : undefined;
    const move = typeof machine === 'string' ? `; to keep it outside the data folder: ${machine}` : '';
    return {
      state: 'file',
      detail: `the terminal key is protected by file permissions only (${why}); anyone who can read the data directory or a backup of it can unseal its secrets${move}`,
    };
  }
}
