import type { Db } from '../store/database';
import type { ClearedPins } from '../key-reset';
import type { ManagerPinStore } from './manager-pin-store';
import { isUnkeyed, upgradePinHash, verifierKeyState } from './pin-hash';
import { PinKeyUnavailable, type PinVerifier } from './pin-verifier';
import type { TechnicianCodeStore } from './technician-code-store';

/** The rows of terminal.sqlite that keep a verifier: the manager PIN, each cashier's PIN, the technician code. */
const TABLES = {
  manager: { table: 'manager_pin', column: 'hash', id: 'id' },
  cashier: { table: 'cashier', column: 'pin_hash', id: 'number' },
  code: { table: 'technician_code', column: 'hash', id: 'id' },
} as const;

type Table = (typeof TABLES)[keyof typeof TABLES];

export interface StoredVerifiersDeps {
  db: Db;
  verifier: PinVerifier;
  managerPin: ManagerPinStore;
  technicianCode: TechnicianCodeStore;
  now: () => Date;
}

/**
 * The verifiers as a whole, for the two moments that concern all of them: the upgrade of the
 * unkeyed ones of earlier builds once the terminal key opens (at every start, and when another
 * process replaced the key), and `posctl keys reset`, after which a verifier made with the old key
 * can never verify again.
 */
export class StoredVerifiers {
  private readonly rows;
  private readonly removeCashier;

  constructor(private readonly deps: StoredVerifiersDeps) {
    const statements = (t: Table) => ({
      all: deps.db.prepare<[], { id: string | number; hash: string }>(`SELECT ${t.id} AS id, ${t.column} AS hash FROM ${t.table} WHERE ${t.column} IS NOT NULL`),
      // Compare-and-set: a PIN changed by another process since the read is left as it is.
      replace: deps.db.prepare(`UPDATE ${t.table} SET ${t.column} = ? WHERE ${t.id} = ? AND ${t.column} = ?`),
    });
    this.rows = { manager: statements(TABLES.manager), cashier: statements(TABLES.cashier), code: statements(TABLES.code) };
    this.removeCashier = deps.db.prepare(`DELETE FROM cashier WHERE number = ? AND pin_hash = ?`);
  }

  /**
   * Rewrites every unkeyed verifier in its keyed form (no PIN needed), in one IMMEDIATE
   * transaction: idempotent, and safe while other processes start at the same moment. Returns how
   * many it rewrote; 0 where the terminal key does not open (they wait for it).
   */
  upgrade(): number {
    // Most starts find nothing to key: plain reads, without the key or the write lock another process may hold.
    if (!Object.values(this.rows).some((r) => r.all.all().some((row) => isUnkeyed(row.hash)))) return 0;
    try {
      return this.deps.verifier.with((key) =>
        this.deps.db
          .transaction(() => {
            let done = 0;
            for (const r of Object.values(this.rows)) {
              for (const row of r.all.all()) {
                const keyed = upgradePinHash(row.hash, key);
                if (keyed !== undefined) done += r.replace.run(keyed, row.id, row.hash).changes;
              }
            }
            return done;
          })
          .immediate(),
      );
    } catch (e) {
      if (e instanceof PinKeyUnavailable) return 0;
      throw e;
    }
  }

  /**
   * After `posctl keys reset`: upgrades the unkeyed verifiers with the key now in force, then
   * removes each one made with another key (the manager PIN, which ends the manager sessions; a
   * cashier, whose name goes with it; the technician code), in one IMMEDIATE transaction.
   */
  clearOtherKeys(by: string): ClearedPins {
    this.upgrade();
    const { db, verifier, managerPin, technicianCode } = this.deps;
    const { manager, cashier, code } = this.rows;
    const cleared: ClearedPins = { managerPin: false, cashiers: [], technicianCode: false };
    return verifier.with((key) => {
      const foreign = (hash: string): boolean => verifierKeyState(hash, key) === 'other-key';
      db.transaction(() => {
        if (manager.all.all().some((r) => foreign(r.hash))) {
          managerPin.setHash(null, this.deps.now(), by);
          cleared.managerPin = true;
        }
        for (const r of cashier.all.all()) if (foreign(r.hash) && this.removeCashier.run(r.id, r.hash).changes > 0) cleared.cashiers.push(String(r.id));
        for (const r of code.all.all()) if (foreign(r.hash) && technicianCode.consume(r.hash)) cleared.technicianCode = true;
      }).immediate();
      return cleared;
    });
  }
}
