import { durably } from '../http/cache-db';
import type { Db } from '../store/database';
import type { Sealer } from '../store/terminal-key';
import type { LeadCreateRequest } from './wire';

export interface OutboxRow {
  uid: string;
  state: 'pending' | 'rejected';
  company: string;
  contactName: string;
  queuedAt: string;
  attempts: number;
  lastProblem: string;
}

interface Row {
  uid: string;
  state: 'pending' | 'rejected';
  sealed: Buffer;
  company: string;
  queued_at: string;
  attempts: number;
  last_problem: string;
}

const context = (uid: string): string => `lead-outbox:${uid}`;

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

  list(namespace: string): OutboxRow[] {
    return this.db
      .prepare<[string], Row>('SELECT * FROM lead_outbox WHERE namespace = ? ORDER BY queued_at, uid')
      .all(namespace)
      .map((r) => ({
        uid: r.uid,
        state: r.state,
        company: r.company,
        contactName: this.contactName(r),
        queuedAt: r.queued_at,
        attempts: r.attempts,
        lastProblem: r.last_problem,
      }));
  }

  pendingCount(namespace: string): number {
    return (this.db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM lead_outbox WHERE namespace = ? AND state = 'pending'").get(namespace)?.n ?? 0);
  }

  /** The pending leads with their requests, in the order they were queued: each unsealed once, to be sent. */
  pending(namespace: string): Array<{ uid: string; request: LeadCreateRequest }> {
    return this.db
      .prepare<[string], Row>("SELECT * FROM lead_outbox WHERE namespace = ? AND state = 'pending' ORDER BY queued_at, uid")
      .all(namespace)
      .map((r) => ({ uid: r.uid, request: this.open(r) as LeadCreateRequest }));
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
