import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { backoffMs, type Backoff } from '../backoff';
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
  /** Needs a person: refused by the lead system, or tried `maxAutoAttempts` times without getting through (no longer tried by itself). */
  attention: boolean;
  /** When it is tried again by itself (null: at the next round). */
  nextAttemptAt: string | null;
}

/** A row as the table holds it, checked when read (a cache file is anyone's to edit). */
const Row = lazySchema(() => z.object({
  uid: z.string(),
  namespace: z.string(),
  state: z.enum(['pending', 'rejected']),
  sealed: z.instanceof(Uint8Array),
  company: z.string(),
  queued_at: z.string(),
  attempts: z.number().int().nonnegative(),
  last_problem: z.string(),
  next_attempt_at: z.string().nullable(),
}));
type Row = z.infer<typeof Row>;

/** How the outbox holds its leads: the forwarder's queue shape, sized for leads. */
export interface OutboxLimits {
  /** Leads kept at most: a new one beyond is refused in words rather than the cache file growing without end. */
  maxLeads: number;
  /** Tries by itself before a lead waits for a person (a press of Try again still sends it). */
  maxAutoAttempts: number;
  /** Back-off between tries by itself. */
  backoff: Backoff;
}

export const OUTBOX_LIMITS: OutboxLimits = { maxLeads: 500, maxAutoAttempts: 10, backoff: { baseMs: 60_000, maxMs: 3_600_000 } };

/** A new lead refused because the outbox is full. */
export class OutboxFullError extends Error {
  override name = 'OutboxFullError';
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
 * `uid` travels with every try, so a lead the service already got is never created twice. The
 * payments forwarder's queue shape: rows checked when read, a back-off between tries by itself,
 * a cap on what is kept, and an attention list of what waits for a person.
 */
export class LeadOutbox {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly limits: OutboxLimits = OUTBOX_LIMITS,
    private readonly random: () => number = Math.random,
  ) {}

  /** Keeps a lead that did not get through (again, for a uid already kept). OutboxFullError when a new one would pass maxLeads. */
  add(namespace: string, request: LeadCreateRequest, queuedAt: string, problem: string): void {
    durably(this.db, () =>
      this.db.transaction(() => {
        const attempts = this.attemptsOf(request.uid);
        const count = this.db.prepare('SELECT count(*) FROM lead_outbox').pluck().get() as number;
        if (attempts === undefined && count >= this.limits.maxLeads) {
          throw new OutboxFullError(`${count} leads already wait in the outbox (at most ${this.limits.maxLeads}): send or discard some before keying another`);
        }
        this.insert(namespace, request, queuedAt, problem, attempts ?? 0);
      }).immediate(),
    );
  }

  /** The tries a kept lead has had; undefined when the outbox does not keep it. */
  private attemptsOf(uid: string): number | undefined {
    return this.db.prepare('SELECT attempts FROM lead_outbox WHERE uid = ?').pluck().get(uid) as number | undefined;
  }

  private insert(namespace: string, request: LeadCreateRequest, queuedAt: string, problem: string, attempts: number): void {
    this.db
      .prepare(
        `INSERT INTO lead_outbox (uid, namespace, sealed, company, queued_at, attempts, last_problem, state, next_attempt_at) VALUES (?, ?, ?, ?, ?, 1, ?, 'pending', ?)
         ON CONFLICT(uid) DO UPDATE SET sealed = excluded.sealed, company = excluded.company, state = 'pending', attempts = attempts + 1,
           last_problem = excluded.last_problem, next_attempt_at = excluded.next_attempt_at`,
      )
      .run(request.uid, namespace, this.sealer.seal(JSON.stringify(request), context(request.uid)), request.company, queuedAt, problem, this.nextAttempt(queuedAt, attempts + 1));
  }

  /** When try number `attempts + 1` is due by itself, counted from `at`. */
  private nextAttempt(at: string, attempts: number): string {
    return new Date(new Date(at).getTime() + backoffMs(attempts, this.random(), this.limits.backoff)).toISOString();
  }

  private rows(where = '', ...params: string[]): Row[] {
    return this.db
      .prepare(`SELECT uid, namespace, state, sealed, company, queued_at, attempts, last_problem, next_attempt_at FROM lead_outbox ${where} ORDER BY queued_at, uid`)
      .all(...params)
      .map((r) => Row.parse(r));
  }

  private needsPerson(r: Row): boolean {
    return r.state === 'rejected' || r.attempts >= this.limits.maxAutoAttempts;
  }

  /** Every lead waiting, whichever marketplace it was keyed for: none disappears when the settings change. */
  list(): OutboxRow[] {
    return this.rows().map((r) => ({
      uid: r.uid,
      namespace: r.namespace,
      state: r.state,
      company: r.company,
      contactName: this.contactName(r),
      queuedAt: r.queued_at,
      attempts: r.attempts,
      lastProblem: r.last_problem,
      attention: this.needsPerson(r),
      nextAttemptAt: r.state === 'pending' && !this.needsPerson(r) ? r.next_attempt_at : null,
    }));
  }

  /** The leads that wait for a person: refused, or tried too often by themselves. */
  attention(): OutboxRow[] {
    return this.list().filter((r) => r.attention);
  }

  /**
   * Pending leads keyed for the marketplace of `namespace` (whatever company was set then). With
   * `dueAt`, only those a round by itself may try now: due by their back-off and not waiting for a person.
   */
  private pendingRows(namespace: string, dueAt?: string): Row[] {
    const target = leadTarget(namespace);
    return this.rows("WHERE state = 'pending'")
      .filter((r) => leadTarget(r.namespace) === target)
      .filter((r) => dueAt === undefined || (!this.needsPerson(r) && (r.next_attempt_at === null || r.next_attempt_at <= dueAt)));
  }

  /** Pending leads keyed for the marketplace of `namespace`; with `dueAt`, those due by themselves. */
  pendingCount(namespace: string, dueAt?: string): number {
    return this.pendingRows(namespace, dueAt).length;
  }

  /** The pending leads with their requests, in the order they were queued: each unsealed once, to be sent. */
  pending(namespace: string, dueAt?: string): Array<{ uid: string; request: LeadCreateRequest }> {
    return this.pendingRows(namespace, dueAt).map((r) => ({ uid: r.uid, request: this.open(r) as LeadCreateRequest }));
  }

  /** A try that did not get through: counted, and the next one by itself put off (back-off). */
  failed(uid: string, problem: string, at: string): void {
    const attempts = this.attemptsOf(uid) ?? 0;
    this.db.prepare('UPDATE lead_outbox SET attempts = attempts + 1, last_problem = ?, next_attempt_at = ? WHERE uid = ?').run(problem, this.nextAttempt(at, attempts + 1), uid);
  }

  rejected(uid: string, problem: string): void {
    this.db.prepare("UPDATE lead_outbox SET state = 'rejected', attempts = attempts + 1, last_problem = ? WHERE uid = ?").run(problem, uid);
  }

  /** Removes the leads whose sealed body no longer opens (a replaced terminal key); returns their companies. */
  removeUnreadable(): string[] {
    const removed: string[] = [];
    for (const r of this.rows()) {
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
    return JSON.parse(this.sealer.unseal(Buffer.from(r.sealed), context(r.uid)).toString('utf8')) as Partial<LeadCreateRequest>;
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
