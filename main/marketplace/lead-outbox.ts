import { durably } from '../http/cache-db';
import type { Db } from '../store/database';
import type { Sealer } from '../store/terminal-key';
import type { LeadCreateRequest } from './wire';

export interface OutboxRow {
  uid: string;
  /** The cache namespace of the marketplace the lead was keyed for. */
  namespace: string;
  state: 'pending' | 'rejected';
  company: string;
  contactName: string;
  queuedAt: string;
  attempts: number;
  lastProblem: string;
}

interface Row {
  uid: string;
  namespace: string;
  state: 'pending' | 'rejected';
  sealed: Buffer;
  company: string;
  queued_at: string;
  attempts: number;
  last_problem: string;
}

const context = (uid: string): string => `lead-outbox:${uid}`;

/**
 * Where a lead goes: its namespace without the company, which the lead-create call does not
 * name. A lead keyed for one marketplace address is sent to that address only.
 */
export function leadTarget(namespace: string): string {
  const bar = namespace.lastIndexOf('|');
  return bar < 0 ? namespace : namespace.slice(0, bar);
}

/**
 * Leads keyed in while the marketplace could not be reached: kept in cache.sqlite, the body
 * sealed with the terminal key (it names a person), until the service has them. The lead's
 * `uid` travels with every try, so a lead the service already got is never created twice.
 */
export class LeadOutbox {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {}

  add(namespace: string, request: LeadCreateRequest, queuedAt: string, problem: string): void {
    durably(this.db, () => this.insert(namespace, request, queuedAt, problem));
  }

  private insert(namespace: string, request: LeadCreateRequest, queuedAt: string, problem: string): void {
    this.db
      .prepare(
        `INSERT INTO lead_outbox (uid, namespace, sealed, company, queued_at, attempts, last_problem, state) VALUES (?, ?, ?, ?, ?, 1, ?, 'pending')
         ON CONFLICT(uid) DO UPDATE SET sealed = excluded.sealed, company = excluded.company, state = 'pending', attempts = attempts + 1, last_problem = excluded.last_problem`,
      )
      .run(request.uid, namespace, this.sealer.seal(JSON.stringify(request), context(request.uid)), request.company, queuedAt, problem);
  }

  /** Every lead waiting, whichever marketplace it was keyed for: none disappears when the settings change. */
  list(): OutboxRow[] {
    return this.db
      .prepare<[], Row>('SELECT * FROM lead_outbox ORDER BY queued_at, uid')
      .all()
      .map((r) => ({
        uid: r.uid,
        namespace: r.namespace,
        state: r.state,
        company: r.company,
        contactName: this.contactName(r),
        queuedAt: r.queued_at,
        attempts: r.attempts,
        lastProblem: r.last_problem,
      }));
  }

  private pendingRows(namespace: string): Row[] {
    const target = leadTarget(namespace);
    return this.db
      .prepare<[], Row>("SELECT * FROM lead_outbox WHERE state = 'pending' ORDER BY queued_at, uid")
      .all()
      .filter((r) => leadTarget(r.namespace) === target);
  }

  /** Pending leads keyed for the marketplace of `namespace` (whatever company was set then). */
  pendingCount(namespace: string): number {
    return this.pendingRows(namespace).length;
  }

  /** The pending leads with their requests, in the order they were queued: each unsealed once, to be sent. */
  pending(namespace: string): Array<{ uid: string; request: LeadCreateRequest }> {
    return this.pendingRows(namespace).map((r) => ({ uid: r.uid, request: this.open(r) as LeadCreateRequest }));
  }

  failed(uid: string, problem: string): void {
    this.db.prepare('UPDATE lead_outbox SET attempts = attempts + 1, last_problem = ? WHERE uid = ?').run(problem, uid);
  }

  rejected(uid: string, problem: string): void {
    this.db.prepare("UPDATE lead_outbox SET state = 'rejected', attempts = attempts + 1, last_problem = ? WHERE uid = ?").run(problem, uid);
  }

  /** Removes the leads whose sealed body no longer opens (a replaced terminal key); returns their companies. */
  removeUnreadable(): string[] {
    const removed: string[] = [];
    for (const r of this.db.prepare<[], Row>('SELECT * FROM lead_outbox ORDER BY queued_at, uid').all()) {
      try {
        this.open(r);
      } catch {
        this.remove(r.uid);
        removed.push(r.company);
      }
    }
    return removed;
  }

  remove(uid: string): boolean {
    return this.db.prepare('DELETE FROM lead_outbox WHERE uid = ?').run(uid).changes > 0;
  }

  private open(r: Row): Partial<LeadCreateRequest> {
    return JSON.parse(this.sealer.unseal(r.sealed, context(r.uid)).toString('utf8')) as Partial<LeadCreateRequest>;
  }

  private contactName(r: Row): string {
    try {
      const req = this.open(r);
      return [req.first_name, req.last_name].filter(Boolean).join(' ');
    } catch {
      return '';
    }
  }
}
