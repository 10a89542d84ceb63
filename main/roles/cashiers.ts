import type { Logger } from 'pino';
import type { Cashier, CashierStatus } from '../../preload/contract';
import { PosError } from '../api/errors';
import { controlCharacterProblem } from '../../preload/contract/text';
import type { CallContext } from '../api/dispatcher';
import type { Db } from '../store/database';
import { weakPinReason } from './pin-hash';
import { lockoutWords } from './pin-lockout';
import { checkPin, pinUnavailable, withPinKey, type PinKeyUnavailable, type PinVerifier } from './pin-verifier';

export interface CashierEntry extends Cashier {
  lockedUntil: string | null;
}

/** What to do about a cashier PIN made with a terminal key since replaced. */
const AGAIN = 'the manager saves the cashier again in Settings';

interface Row {
  number: string;
  name: string;
  pinHash: string;
  failures: number;
  lockedUntil: string | null;
}

export interface CashiersDeps {
  db: Db;
  /** Makes and checks the cashiers' PIN verifiers with the terminal key. */
  verifier: PinVerifier;
  now: () => Date;
  log: Logger;
  signInRequired: () => boolean;
}

/**
 * Cashiers and who is signed in on each page (terminal.sqlite, migration 3). A cashier PIN is a
 * keyed scrypt verifier like the manager's, with the same lock after wrong tries, per cashier. A
 * sign-in lasts until sign-out or until the page's connection ends.
 */
export class Cashiers {
  private readonly signedIn = new Map<string, Cashier>();
  private readonly q;

  constructor(private readonly deps: CashiersDeps) {
    const db = deps.db;
    this.q = {
      all: db.prepare<[], Row>(`SELECT number, name, pin_hash AS pinHash, failures, locked_until AS lockedUntil FROM cashier ORDER BY CAST(number AS INTEGER), number`),
      one: db.prepare<[string], Row>(`SELECT number, name, pin_hash AS pinHash, failures, locked_until AS lockedUntil FROM cashier WHERE number = ?`),
      save: db.prepare(
        `INSERT INTO cashier (number, name, pin_hash, failures, locked_until, saved_at) VALUES (@number, @name, @pinHash, 0, NULL, @at)
         ON CONFLICT (number) DO UPDATE SET name = excluded.name, pin_hash = excluded.pin_hash, failures = 0, locked_until = NULL, saved_at = excluded.saved_at`,
      ),
      remove: db.prepare(`DELETE FROM cashier WHERE number = ?`),
      bump: db.prepare(`UPDATE cashier SET failures = failures + 1 WHERE number = ? RETURNING failures`).pluck(),
      lock: db.prepare(`UPDATE cashier SET locked_until = ? WHERE number = ?`),
      clear: db.prepare(`UPDATE cashier SET failures = 0, locked_until = NULL WHERE number = ?`),
    };
  }

  /** One more wrong PIN for a cashier, and the lock it earns, in one IMMEDIATE transaction (as the manager PIN's). */
  private fail(number: string, lockUntil: (failures: number) => string | null): number {
    return this.deps.db
      .transaction(() => {
        const failures = (this.q.bump.get(number) as number | undefined) ?? 0;
        this.q.lock.run(lockUntil(failures), number);
        return failures;
      })
      .immediate();
  }

  list(): CashierEntry[] {
    const now = this.deps.now().getTime();
    return this.q.all.all().map((r) => ({ number: r.number, name: r.name, lockedUntil: r.lockedUntil && Date.parse(r.lockedUntil) > now ? r.lockedUntil : null }));
  }

  save(number: string, name: string, pin: string): CashierEntry[] {
    // posctl calls this without the contract's schema: the name's rule is checked here too.
    const badName = controlCharacterProblem(name);
    if (badName) throw new PosError('BAD_INPUT', `A cashier name ${badName}.`, [{ path: 'name', message: badName }]);
    const weak = weakPinReason(pin, 'a cashier PIN');
    if (weak) throw new PosError('BAD_INPUT', `${weak}.`, [{ path: 'pin', message: weak }]);
    const pinHash = withPinKey(() => this.deps.verifier.hash(pin), (e) => pinUnavailable(e, `Cashier ${number}'s PIN`, AGAIN, 'set'));
    this.q.save.run({ number, name, pinHash, at: this.deps.now().toISOString() });
    // A changed PIN or name applies from the next sign-in.
    for (const [connection, c] of this.signedIn) if (c.number === number) this.signedIn.delete(connection);
    this.deps.log.info({ cashier: number }, 'cashier saved');
    return this.list();
  }

  remove(number: string): CashierEntry[] {
    if (this.q.remove.run(number).changes === 0) throw new PosError('NOT_FOUND', `There is no cashier number ${number}.`);
    for (const [connection, c] of this.signedIn) if (c.number === number) this.signedIn.delete(connection);
    this.deps.log.info({ cashier: number }, 'cashier removed');
    return this.list();
  }

  status(ctx: CallContext): CashierStatus {
    return { signInRequired: this.deps.signInRequired(), cashier: this.current(ctx) ?? null };
  }

  current(ctx: CallContext): Cashier | undefined {
    return ctx.connection === undefined ? undefined : this.signedIn.get(ctx.connection);
  }

  signIn(ctx: CallContext, number: string, pin: string): CashierStatus {
    if (ctx.connection === undefined) throw new PosError('UNAVAILABLE', 'this caller cannot sign a cashier in');
    const unavailable = (e: PinKeyUnavailable): PosError => pinUnavailable(e, `Cashier ${number}'s PIN`, AGAIN);
    // Before the number is looked up: a key that does not open says so for every number alike.
    withPinKey(() => this.deps.verifier.ready(), unavailable);
    const row = this.q.one.get(number);
    // An unknown number and a wrong PIN get the same words (no count of tries either): the numbers are not a list to probe.
    const wrong = 'That cashier number and PIN do not match.';
    if (!row) throw new PosError('FORBIDDEN', wrong);
    const steps = { fail: (lockUntil: (failures: number) => string | null) => this.fail(number, lockUntil), clear: () => void this.q.clear.run(number) };
    const result = checkPin(this.deps.verifier, pin, { hash: row.pinHash, failures: row.failures, lockedUntil: row.lockedUntil }, this.deps.now().getTime(), steps, unavailable);
    if (!result.ok) throw new PosError('FORBIDDEN', lockoutWords(result, `Cashier ${number}'s PIN`, () => wrong));
    this.signedIn.set(ctx.connection, { number: row.number, name: row.name });
    this.deps.log.info({ cashier: number }, 'cashier signed in');
    return this.status(ctx);
  }

  signOut(ctx: CallContext): CashierStatus {
    if (ctx.connection !== undefined) this.signedIn.delete(ctx.connection);
    return this.status(ctx);
  }

  /** The page's connection ended: its sign-in ends with it. */
  connectionClosed(connection: string): void {
    this.signedIn.delete(connection);
  }

  /**
   * Who takes a payment on this call: the signed-in cashier's number; none for the technician or
   * when the store does not ask for sign-in. FORBIDDEN when it asks and nobody signed in here.
   */
  forPayment(ctx: CallContext): string | undefined {
    const cashier = this.current(ctx);
    if (cashier) return cashier.number;
    if (ctx.transport === 'cli' || ctx.transport === 'test' || !this.deps.signInRequired()) return undefined;
    throw new PosError('FORBIDDEN', 'Sign in with your cashier number and PIN first.', [{ path: 'cashier', message: 'a cashier must sign in on this page' }]);
  }
}
