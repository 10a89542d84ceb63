import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Freshness } from '../../preload/contract';
import { PosError } from '../api/errors';
import type { ApiSource } from './api-source';
import { ApiError } from './errors';
import type { ResponseCache } from './response-cache';

export interface Fresh<T> {
  value: T;
  freshness: Freshness;
}

/** An ApiError as the contract's typed error; anything else is left to the dispatcher (INTERNAL). */
export function toPosError(e: unknown): unknown {
  return e instanceof ApiError ? new PosError(e.posCode, e.message, e.issues) : e;
}

/**
 * The two ways the screens read a JSON interface, both through the cache so they keep working
 * with the network down:
 * - `staleWhileRevalidate` (catalogue): answer from the cache at once; when the copy is older
 *   than its age limit, fetch again in the background and tell the screens when it changed.
 * - `networkFirst` (merchant): ask the service; when it cannot be reached, answer the last copy.
 * It also keeps whether the service was reachable at the last attempt, and why not.
 */
export class CachedFetch {
  private offline = false;
  private problem: string | undefined;
  private readonly revalidating = new Map<string, Promise<unknown>>();

  constructor(
    private readonly o: {
      source: ApiSource;
      cache: ResponseCache;
      log: Logger;
      now: () => Date;
      /** Called after a background refresh stored a new copy or failed. */
      onBackground?: (key: string, freshness: Freshness) => void;
    },
  ) {}

  /** The state of the service as last seen, for data read from the cache without a request. */
  freshness(refreshedAt: string | null, source: 'network' | 'cache'): Freshness {
    return {
      refreshedAt,
      source,
      offline: this.offline,
      training: this.o.source.training(),
      ...(this.offline && this.problem ? { problem: this.problem } : {}),
    };
  }

  /** Records the outcome of any request made through this interface. */
  observe(e?: unknown): void {
    if (e === undefined) {
      this.offline = false;
      this.problem = undefined;
    } else if (e instanceof ApiError && e.unreachable) {
      this.offline = true;
      this.problem = e.message;
    }
  }

  read<T>(key: string, schema: z.ZodType<T>) {
    return this.o.cache.get(this.o.source.namespace(), key, schema);
  }

  write(key: string, value: unknown, at: string): void {
    this.o.cache.put(this.o.source.namespace(), key, value, at);
  }

  /** Fetches and stores, recording reachability; the promise is shared by concurrent callers of one key. */
  fetchAndStore<T>(key: string, fetch: () => Promise<T>): Promise<{ value: T; at: string }> {
    const running = this.revalidating.get(key) as Promise<{ value: T; at: string }> | undefined;
    if (running) return running;
    const p = (async () => {
      try {
        const value = await fetch();
        const at = this.o.now().toISOString();
        this.write(key, value, at);
        this.observe();
        return { value, at };
      } catch (e) {
        this.observe(e);
        throw e;
      }
    })().finally(() => this.revalidating.delete(key));
    this.revalidating.set(key, p);
    return p;
  }

  /** Older than maxAgeMs, or from the future (the clock moved back): refresh it. */
  isStale(fetchedAt: string, maxAgeMs: number): boolean {
    const age = this.o.now().getTime() - Date.parse(fetchedAt);
    return !(age >= 0 && age < maxAgeMs);
  }

  async staleWhileRevalidate<T>(key: string, schema: z.ZodType<T>, fetch: () => Promise<T>, maxAgeMs: number): Promise<Fresh<T>> {
    const cached = this.read(key, schema);
    if (cached) {
      if (this.isStale(cached.fetchedAt, maxAgeMs)) this.background(key, fetch);
      return { value: cached.value, freshness: this.freshness(cached.fetchedAt, 'cache') };
    }
    try {
      const { value, at } = await this.fetchAndStore(key, fetch);
      return { value, freshness: this.freshness(at, 'network') };
    } catch (e) {
      throw toPosError(e);
    }
  }

  async networkFirst<T>(key: string, schema: z.ZodType<T>, fetch: () => Promise<T>): Promise<Fresh<T>> {
    try {
      const { value, at } = await this.fetchAndStore(key, fetch);
      return { value, freshness: this.freshness(at, 'network') };
    } catch (e) {
      if (e instanceof ApiError && e.unreachable) {
        const cached = this.read(key, schema);
        if (cached) return { value: cached.value, freshness: this.freshness(cached.fetchedAt, 'cache') };
      }
      throw toPosError(e);
    }
  }

  /** Starts a refresh without waiting for it; the screens hear of the result through onBackground. */
  background<T>(key: string, fetch: () => Promise<T>): void {
    if (this.revalidating.has(key)) return;
    this.fetchAndStore(key, fetch).then(
      ({ at }) => this.o.onBackground?.(key, this.freshness(at, 'network')),
      (e: unknown) => {
        this.o.log.info({ key, err: e instanceof ApiError ? e.message : e }, 'background refresh failed; the cached copy stays');
        this.o.onBackground?.(key, this.freshness(this.o.cache.fetchedAt(this.o.source.namespace(), key), 'cache'));
      },
    );
  }

  /** Waits for background refreshes under way (tests, posctl before it exits). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.revalidating.values()]);
  }
}
