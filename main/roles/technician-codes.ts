import { randomInt } from 'node:crypto';
import { PosError } from '../api/errors';
import { lockoutWords } from './pin-lockout';
import { checkPin, pinUnavailable, withPinKey, type KeyedSecretDeps } from './pin-verifier';
import type { TechnicianCodeStore } from './technician-code-store';

/** Eight digits: with five free tries and the growing lock, guessing one in its five minutes is hopeless. */
export const CODE_DIGITS = 8;
export const CODE_VALID_MS = 5 * 60_000;

/** What to do for a new code. */
const AGAIN = 'run "posctl technician code" on this PC for a new one';

export interface TechnicianCodesDeps extends KeyedSecretDeps<TechnicianCodeStore> {
  /** A uniform integer in [0, max): crypto.randomInt unless a test pins it. */
  randomInt?: (max: number) => number;
}

/**
 * One-time technician codes. posctl, which has the OS account, issues one; the desktop app takes
 * it once, within five minutes, to make its page a technician's. Kept keyed like the manager PIN,
 * with the same lock-out after five wrong codes.
 */
export class TechnicianCodes {
  constructor(private readonly deps: TechnicianCodesDeps) {}

  /** A fresh code (any earlier one stops working). The code itself is returned once and never stored. */
  issue(by: string): { code: string; expiresAt: string } {
    const draw = this.deps.randomInt ?? ((max: number) => randomInt(max));
    const code = String(draw(10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + CODE_VALID_MS);
    const hash = withPinKey(() => this.deps.verifier.hash(code), (e) => pinUnavailable(e, 'A technician code', AGAIN, 'set'));
    this.deps.store.issue(hash, expiresAt, now, by);
    this.deps.log.info({ by, expiresAt: expiresAt.toISOString() }, 'technician code issued');
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /** Uses the code: it works once. Throws FORBIDDEN in words for none waiting, an expired, wrong or locked code. */
  use(code: string): void {
    const { store } = this.deps;
    const row = store.read();
    const now = this.deps.now().getTime();
    const hash = row.hash;
    if (hash === null || row.expiresAt === null) throw new PosError('FORBIDDEN', `No technician code is waiting: ${AGAIN}.`);
    if (Date.parse(row.expiresAt) <= now) throw new PosError('FORBIDDEN', `That technician code has expired (a code lasts five minutes): ${AGAIN}.`);
    const steps = { fail: (lockUntil: (failures: number) => string | null) => store.fail(lockUntil), clear: () => store.clearFailures() };
    const result = checkPin(this.deps.verifier, code, { ...row, hash }, now, steps, (e) => pinUnavailable(e, 'The technician code', AGAIN));
    if (!result.ok) {
      if (result.reason === 'wrong') this.deps.log.warn({ failures: result.failures }, 'wrong technician code');
      throw new PosError('FORBIDDEN', lockoutWords(result, 'The technician code', (left) => `That technician code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before it locks.`));
    }
    // Compare-and-clear: of two pages (or hosts) typing the same code at once, one gets it.
    if (!store.consume(hash)) throw new PosError('FORBIDDEN', `That technician code was just used: ${AGAIN}.`);
    this.deps.log.info('technician code used');
  }
}
