import type { Logger } from 'pino';
import { PosError } from '../api/errors';
import { SealError } from '../store/sealing';
import { hashPin, verifierKeyState, verifyPin } from './pin-hash';
import { checkWithLockout, type LockoutCheck, type LockoutRow, type LockoutSteps } from './pin-lockout';

/** What the verifiers need of the terminal key (TerminalKey has it). */
export interface PinKeySource {
  /** A 32-byte key for `purpose`; throws SealError where the terminal key does not open. */
  derive(purpose: string): Buffer;
}

/** A PIN cannot be checked or set here: the key does not open (`locked`), or the verifier was made with a key since replaced. */
export class PinKeyUnavailable extends Error {
  override name = 'PinKeyUnavailable';
  constructor(
    readonly reason: 'locked' | 'other-key',
    message: string,
  ) {
    super(message);
  }
}

/** What a secret kept keyed with the terminal key needs (the manager PIN, the technician code): its store, the verifier, the clock and the log. */
export interface KeyedSecretDeps<Store> {
  store: Store;
  /** Makes and checks the secret's verifier with the terminal key. */
  verifier: PinVerifier;
  now: () => Date;
  log: Logger;
}

/**
 * The manager's, the cashiers' and the technician code's verifiers, keyed with the terminal key
 * (pin-hash.ts). K is derived for each use and wiped after it, so a key replaced or refreshed by
 * another process (posctl keys reset) is the one in force. Neither case of PinKeyUnavailable is a
 * wrong PIN: the callers say so in words and never count it.
 */
export class PinVerifier {
  constructor(private readonly source: PinKeySource) {}

  /** Throws PinKeyUnavailable when the terminal key does not open here. */
  ready(): void {
    this.key().fill(0);
  }

  hash(pin: string): string {
    return this.with((key) => hashPin(pin, key));
  }

  /** Whether `pin` matches `stored`; throws PinKeyUnavailable (before any scrypt) for a key that does not open or another key's verifier. */
  verify(pin: string, stored: string): boolean {
    return this.with((key) => {
      if (verifierKeyState(stored, key) === 'other-key') throw new PinKeyUnavailable('other-key', 'the verifier was made with a terminal key since replaced');
      return verifyPin(pin, stored, key);
    });
  }

  /** Runs `fn` with K, wiped afterwards. */
  with<T>(fn: (key: Buffer) => T): T {
    const key = this.key();
    try {
      return fn(key);
    } finally {
      key.fill(0);
    }
  }

  private key(): Buffer {
    try {
      return this.source.derive('pin-verifier');
    } catch (e) {
      if (e instanceof SealError) throw new PinKeyUnavailable('locked', e.message);
      throw e;
    }
  }
}

/**
 * A PIN that cannot be checked or set here, in words for the counter: `whose` ("The manager PIN")
 * and what to do when it was made with a replaced key (`again`). UNAVAILABLE, never FORBIDDEN:
 * it is not a wrong PIN.
 */
export function pinUnavailable(e: PinKeyUnavailable, whose: string, again: string, doing: 'checked' | 'set' = 'checked'): PosError {
  if (e.reason === 'other-key') {
    return new PosError('UNAVAILABLE', `${whose} was set with a terminal key that has since been replaced, so it cannot be checked: ${again}. This try was not counted as a wrong one.`);
  }
  const counted = doing === 'checked' ? ' This try was not counted as a wrong one.' : '';
  return new PosError('UNAVAILABLE', `${whose} cannot be ${doing} on this computer now: the terminal key does not open here (the Status screen and posctl keys status say why).${counted}`);
}

/** Runs `fn`, turning PinKeyUnavailable into the caller's words. */
export function withPinKey<T>(fn: () => T, words: (e: PinKeyUnavailable) => PosError): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PinKeyUnavailable) throw words(e);
    throw e;
  }
}

/**
 * One try at a stored PIN or code with the lock-out (pin-lockout.ts), under the terminal key. A key
 * that does not open is said first (`words`), before the lock-out is even looked at, and nothing
 * is counted; the same for a verifier made with a replaced key.
 */
export function checkPin(verifier: PinVerifier, secret: string, row: LockoutRow, nowMs: number, steps: LockoutSteps, words: (e: PinKeyUnavailable) => PosError): LockoutCheck {
  return withPinKey(() => {
    verifier.ready();
    return checkWithLockout(secret, row, nowMs, steps, (s, h) => verifier.verify(s, h));
  }, words);
}
