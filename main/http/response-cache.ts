import type { z } from 'zod';
import type { Db } from '../store/database';

export interface Cached<T> {
  value: T;
  fetchedAt: string;
}

/**
 * Last answers of the JSON interfaces, by namespace (which service, which company) and key.
 * A value that no longer passes its schema (written by another version) reads as a miss.
 */
export class ResponseCache {
  private readonly select;
  private readonly selectFetchedAt;
  private readonly upsert;

  constructor(db: Db) {
    this.select = db.prepare<[string, string], { value_json: string; fetched_at: string }>(
      'SELECT value_json, fetched_at FROM entries WHERE namespace = ? AND key = ?',
    );
    this.upsert = db.prepare(
      `INSERT INTO entries (namespace, key, value_json, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(namespace, key) DO UPDATE SET value_json = excluded.value_json, fetched_at = excluded.fetched_at`,
    );
    // The product search asks this on every keystroke: never read the stored list for it.
    this.selectFetchedAt = db.prepare<[string, string], string>('SELECT fetched_at FROM entries WHERE namespace = ? AND key = ?').pluck();
  }

  get<T>(namespace: string, key: string, schema: z.ZodType<T>): Cached<T> | undefined {
    const row = this.select.get(namespace, key);
    if (!row) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(row.value_json);
    } catch {
      return undefined;
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? { value: parsed.data, fetchedAt: row.fetched_at } : undefined;
  }

  /** When the stored copy was fetched, or null when there is none. */
  fetchedAt(namespace: string, key: string): string | null {
    return this.selectFetchedAt.get(namespace, key) ?? null;
  }

  put(namespace: string, key: string, value: unknown, fetchedAt: string): void {
    this.upsert.run(namespace, key, JSON.stringify(value), fetchedAt);
  }
}
