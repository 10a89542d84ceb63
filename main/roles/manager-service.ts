import type { ManagerStatus, Role } from '../../preload/contract';
import { PosError } from '../api/errors';
import type { CallContext } from '../api/dispatcher';
import type { ManagerPinStore, PinGeneration } from './manager-pin-store';
import { ManagerSessions } from './manager-sessions';
import { weakPinReason } from './pin-hash';
import { lockedWords, lockoutWords } from './pin-lockout';
import { checkPin, pinUnavailable, withPinKey, type KeyedSecretDeps } from './pin-verifier';
import type { TechnicianCodes } from './technician-codes';

/** Until a PIN exists (the lane's first set-up is not done), what a manager-only call hears. */
const NOT_SET_UP = "this lane's set-up is not finished. Complete the set-up screen (lane name, language, manager PIN) first, or a technician sets the PIN with posctl manager-pin set.";
const NOT_SET_UP_SENTENCE = `T${NOT_SET_UP.slice(1)}`;
const SET_UP_DONE = 'The set-up is already done: a manager PIN is set. The manager changes the PIN and the settings on the Settings screen.';

/** What to do about a manager PIN made with a terminal key since replaced. */
const AGAIN = 'a technician sets it again with posctl manager-pin set';

export interface ManagerServiceDeps extends KeyedSecretDeps<ManagerPinStore> {
  /** The one-time codes posctl issues for a technician at the desktop app. */
  codes: TechnicianCodes;
  /** The PIN in force changed (set, changed or reset, here or in another process): manager sessions ended. */
  onPinChange?: (pinSet: boolean) => void;
}

/**
 * Who a caller is, and the manager PIN that makes a page a manager's. posctl (and the tests'
 * direct calls) act as the technician: they run with the OS account that owns the terminal. A
 * page is a cashier until the PIN opens a manager session for its connection, or, in the desktop
 * app only, a one-time code from posctl opens a technician session.
 */
export class ManagerService {
  readonly sessions: ManagerSessions;
  /** The generation of the PIN the open manager sessions were opened with. */
  private generation: PinGeneration;

  constructor(private readonly deps: ManagerServiceDeps) {
    this.sessions = new ManagerSessions(() => deps.now().getTime());
    this.generation = deps.store.generation();
  }

  roleOf(ctx: CallContext): Role {
    if (ctx.transport === 'cli' || ctx.transport === 'test') return 'technician';
    // Asked on every call: a PIN another process changed a moment ago already ended this session.
    this.syncPin();
    return this.sessions.roleOf(ctx.connection) ?? 'cashier';
  }

  /**
   * Sessions follow the PIN: when the PIN in force is not the one the sessions were opened with
   * (set, changed or reset here, by posctl or by another app), every manager session ends and
   * `onPinChange` tells the pages. Cheap (one row): called on every role check and by the core's
   * watch. Returns whether it changed.
   */
  syncPin(): boolean {
    const generation = this.deps.store.generation();
    if (generation === this.generation) return false;
    this.generation = generation;
    this.sessions.closeAll('manager');
    const pinSet = this.pinSet();
    this.deps.log.info({ pinSet }, 'the manager PIN changed: manager sessions ended');
    this.deps.onPinChange?.(pinSet);
    return true;
  }

  /** Every call from a page keeps its manager session alive. */
  touch(ctx: CallContext): void {
    this.sessions.touch(ctx.connection);
  }

  /** What a caller without the role hears. */
  refusal(needed: Role): string {
    if (needed === 'technician') return 'Only a technician can do this: with posctl on this PC, or in the desktop app with a technician code.';
    return this.pinSet() ? 'This needs a manager: enter the manager PIN first.' : `This needs a manager, and ${NOT_SET_UP}`;
  }

  pinSet(): boolean {
    return this.deps.store.read().hash !== null;
  }

  status(ctx: CallContext): ManagerStatus {
    const row = this.deps.store.read();
    const now = this.deps.now().getTime();
    const locked = row.lockedUntil && Date.parse(row.lockedUntil) > now ? row.lockedUntil : null;
    const ends = this.sessions.endsAt(ctx.connection);
    return {
      role: this.roleOf(ctx),
      pinSet: row.hash !== null,
      lockedUntil: locked,
      lockedWords: locked ? lockedWords(row.failures, Date.parse(locked) - now) : null,
      sessionEndsAt: ends === null ? null : new Date(ends).toISOString(),
    };
  }

  unlock(ctx: CallContext, pin: string): ManagerStatus {
    const connection = this.connectionOf(ctx);
    this.check(pin);
    this.sessions.open(connection);
    this.deps.log.info({ transport: ctx.transport }, 'manager session opened');
    return this.status(ctx);
  }

  /**
   * A technician at the desktop app: the one-time code from `posctl technician code` makes this
   * page a technician's, with the manager session's rules. Refused over the WebSocket: a browser
   * page is not the app's own window, checked frame by frame (docs/security.md).
   */
  technicianUnlock(ctx: CallContext, code: string): ManagerStatus {
    if (ctx.transport !== 'ipc') {
      throw new PosError('UNAVAILABLE', 'Technician settings can be unlocked only in the desktop app on this PC, not in a browser page. Use posctl on this PC instead.');
    }
    const connection = this.connectionOf(ctx);
    this.deps.codes.use(code);
    this.sessions.open(connection, 'technician');
    this.deps.log.warn({ transport: ctx.transport }, 'technician session opened with a one-time code');
    return this.status(ctx);
  }

  /** posctl technician code: a code for the desktop app, valid five minutes, once. */
  issueTechnicianCode(by: string): { code: string; expiresAt: string } {
    return this.deps.codes.issue(by);
  }

  lock(ctx: CallContext): ManagerStatus {
    if (ctx.connection !== undefined) this.sessions.close(ctx.connection);
    return this.status(ctx);
  }

  /**
   * A change of the PIN needs the current one (checked with the same lock-out). No page sets a
   * first PIN this way: that is the set-up screen's (`firstPin`) or posctl's.
   */
  setPin(ctx: CallContext, input: { current: string; pin: string }): ManagerStatus {
    const connection = this.connectionOf(ctx);
    if (!this.pinSet()) throw new PosError('FORBIDDEN', NOT_SET_UP_SENTENCE);
    const weak = weakPinReason(input.pin);
    if (weak) throw new PosError('BAD_INPUT', `${weak}.`, [{ path: 'pin', message: weak }]);
    this.check(input.current);
    this.write(input.pin, `page (${ctx.transport})`);
    this.sessions.open(connection);
    return this.status(ctx);
  }

  /**
   * The manager's approval of `what` ("a refund") at this moment: an unlocked page, the technician,
   * or the PIN given with the call (checked with the same lock-out). Returns who approved, for the
   * journal row; FORBIDDEN, naming `managerPin`, asks the page for the PIN.
   */
  approve(ctx: CallContext, what: string, pin: string | undefined): string {
    const role = this.roleOf(ctx);
    if (role === 'technician') return ctx.transport === 'cli' ? 'technician (posctl)' : ctx.connection ? `technician (code at page ${ctx.connection})` : 'technician';
    if (role === 'manager') return `manager (unlocked page ${ctx.connection ?? ctx.transport})`;
    const What = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
    // No PIN to ask for: the page must not offer a PIN prompt (nor choose a first PIN on the way).
    if (!this.pinSet()) throw new PosError('FORBIDDEN', `${What} needs the manager, and ${NOT_SET_UP}`);
    if (pin === undefined) {
      const needed = `the manager PIN is needed for ${what}`;
      throw new PosError('FORBIDDEN', `${What} needs the manager: ask the manager to enter the PIN.`, [{ path: 'managerPin', message: needed }]);
    }
    this.check(pin);
    this.deps.log.info({ what }, 'manager approved at the counter');
    return `manager PIN at the counter (page ${ctx.connection ?? ctx.transport})`;
  }

  /** posctl manager-pin set: the technician's way back in (no current PIN needed). */
  technicianSet(pin: string, by: string): void {
    const weak = weakPinReason(pin);
    if (weak) throw new PosError('BAD_INPUT', `${weak}.`);
    this.write(pin, by);
  }

  /**
   * The set-up screen's first PIN: refused (CONFLICT) once any PIN exists, so it never replaces
   * one; `withIt` (the lane's name and language) is written in the same IMMEDIATE transaction, so
   * of two pages (or a page and posctl) finishing at once exactly one sets it.
   */
  firstPin(pin: string, by: string, withIt: () => void): void {
    if (this.pinSet()) throw new PosError('CONFLICT', SET_UP_DONE);
    const weak = weakPinReason(pin);
    if (weak) throw new PosError('BAD_INPUT', `${weak.charAt(0).toUpperCase()}${weak.slice(1)}.`, [{ path: 'pin', message: weak }]);
    // The scrypt runs before the transaction: the write lock is held for the writes alone.
    const hash = withPinKey(() => this.deps.verifier.hash(pin), (e) => pinUnavailable(e, 'The manager PIN', AGAIN, 'set'));
    if (!this.deps.store.claimFirst(hash, this.deps.now(), by, withIt)) throw new PosError('CONFLICT', SET_UP_DONE);
    this.syncPin();
    this.deps.log.info({ by }, 'first manager PIN set by the set-up');
  }

  /** posctl manager-pin reset: no PIN; the pages show the set-up screen until one is set again (there, or by posctl). */
  technicianReset(by: string): void {
    this.deps.store.setHash(null, this.deps.now(), by);
    this.syncPin();
    this.deps.log.warn({ by }, 'manager PIN removed');
  }

  private write(pin: string, by: string): void {
    const hash = withPinKey(() => this.deps.verifier.hash(pin), (e) => pinUnavailable(e, 'The manager PIN', AGAIN, 'set'));
    this.deps.store.setHash(hash, this.deps.now(), by);
    // A new PIN ends every manager session opened with the old one.
    this.syncPin();
    this.deps.log.info({ by }, 'manager PIN set');
  }

  /** Throws FORBIDDEN, in words, for no PIN, a locked PIN or a wrong one (counting it). */
  private check(pin: string): void {
    const { store } = this.deps;
    const row = store.read();
    const hash = row.hash;
    if (hash === null) throw new PosError('FORBIDDEN', NOT_SET_UP_SENTENCE);
    const steps = { fail: (lockUntil: (failures: number) => string | null) => store.fail(lockUntil), clear: () => store.clearFailures() };
    const result = checkPin(this.deps.verifier, pin, { ...row, hash }, this.deps.now().getTime(), steps, (e) => pinUnavailable(e, 'The manager PIN', AGAIN));
    if (result.ok) return;
    if (result.reason === 'wrong') this.deps.log.warn({ failures: result.failures }, 'wrong manager PIN');
    throw new PosError('FORBIDDEN', lockoutWords(result, 'The manager PIN', (left) => `Wrong manager PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before it locks.`));
  }

  private connectionOf(ctx: CallContext): string {
    if (ctx.connection === undefined) throw new PosError('UNAVAILABLE', 'this caller cannot hold a manager session');
    return ctx.connection;
  }
}
