import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../store/database';
import { forEachLimit } from '../http/for-each-limit';
import { makeDataFolder, type DataModes, PRIVATE_MODES } from '../platform/file-modes';

const TYPES: Array<{ type: string; ext: string; magic: (b: Buffer) => boolean }> = [
  { type: 'image/png', ext: 'png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', ext: 'jpg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', magic: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { type: 'image/webp', ext: 'webp', magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image type by its first bytes (never by what the server claims); SVG and anything else are refused. */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | undefined {
  const t = TYPES.find((x) => x.magic(bytes));
  return t ? { type: t.type, ext: t.ext } : undefined;
}

export interface ImageCacheOptions {
  db: Db;
  dir: string;
  log: Logger;
  now: () => Date;
  timeoutMs?: number;
  maxImageBytes?: number;
  /** Total size kept on disk; least recently used images go first. */
  maxTotalBytes?: number;
}

interface Row {
  url: string;
  file: string;
  content_type: string;
  bytes: number;
}

/**
 * The images folder, made usable: one that is not a folder or cannot be written (a file in its
 * place, permissions gone wrong) is moved aside with a log line and made again. Pictures are a
 * cache: the terminal starts without them rather than not at all.
 */
function usableFolder(o: Pick<ImageCacheOptions, 'dir' | 'log' | 'now'>): DataModes {
  try {
    const modes = makeDataFolder(o.dir);
    if (!statSync(o.dir).isDirectory()) throw new Error('not a folder');
    accessSync(o.dir, constants.W_OK | constants.R_OK | constants.X_OK);
    return modes;
  } catch (err) {
    const aside = `${o.dir}.damaged-${o.now().toISOString().replace(/[:.]/g, '-')}`;
    try {
      if (existsSync(o.dir)) renameSync(o.dir, aside);
      const modes = makeDataFolder(o.dir);
      o.log.warn({ err, movedTo: aside }, 'the image cache folder could not be used; it was moved aside and is rebuilt');
      return modes;
    } catch (again) {
      o.log.error({ err: again }, 'the image cache folder cannot be used; pictures are not kept offline');
      return PRIVATE_MODES;
    }
  }
}

/**
 * Product and category images, downloaded once into `<data dir>/cache/images/` and handed to the
 * renderer as data: URLs (its content policy allows no remote image host). Images are public
 * files, fetched without credentials.
 */
export class ImageCache {
  private readonly inflight = new Map<string, Promise<string | undefined>>();
  private readonly select;
  private readonly touch;
  private readonly insert;
  /** A machine-wide lane's cache is shared by its cashier accounts (platform/file-modes.ts). */
  private readonly modes: DataModes;

  constructor(private readonly deps: ImageCacheOptions) {
    this.modes = usableFolder(deps);
    this.select = deps.db.prepare<[string], Row>('SELECT url, file, content_type, bytes FROM images WHERE url = ?');
    this.touch = deps.db.prepare('UPDATE images SET used_at = ? WHERE url = ?');
    this.insert = deps.db.prepare(
      `INSERT INTO images (url, file, content_type, bytes, fetched_at, used_at) VALUES (@url, @file, @type, @bytes, @at, @at)
       ON CONFLICT(url) DO UPDATE SET file = excluded.file, content_type = excluded.content_type, bytes = excluded.bytes, fetched_at = excluded.fetched_at, used_at = excluded.used_at`,
    );
  }

  /**
   * The cached image as a data: URL, or undefined when it is not on disk. A file that is gone,
   * unreadable or no longer an image loses its row, so it is downloaded again next time.
   */
  cached(url: string): string | undefined {
    const row = this.select.get(url);
    if (!row) return undefined;
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(this.deps.dir, row.file));
    } catch {
      this.forget(url, 'unreadable');
      return undefined;
    }
    if (sniffImage(bytes)?.type !== row.content_type) {
      this.forget(url, 'damaged');
      return undefined;
    }
    this.touch.run(this.deps.now().toISOString(), url);
    return `data:${row.content_type};base64,${bytes.toString('base64')}`;
  }

  private forget(url: string, why: string): void {
    this.deps.db.prepare('DELETE FROM images WHERE url = ?').run(url);
    this.deps.log.warn({ why }, 'a cached image could not be used; it will be downloaded again');
  }

  count(): number {
    return (this.deps.db.prepare('SELECT COUNT(*) AS n FROM images').get() as { n: number }).n;
  }

  has(url: string): boolean {
    return this.select.get(url) !== undefined;
  }

  /** From the cache, else downloaded and cached; undefined when neither works (offline, not an image). */
  async get(url: string): Promise<string | undefined> {
    return this.cached(url) ?? ((await this.download(url)) ? this.cached(url) : undefined);
  }

  /** Downloads what is not cached yet, a few at a time. Returns how many are now cached. */
  async prefetch(urls: readonly string[], concurrency = 4): Promise<number> {
    const todo = [...new Set(urls)].filter((u) => !this.has(u));
    let ok = 0;
    await forEachLimit(todo, concurrency, async (url) => {
      if (await this.download(url)) ok++;
    });
    return ok;
  }

  private download(url: string): Promise<string | undefined> {
    let p = this.inflight.get(url);
    if (!p) {
      p = this.fetchAndStore(url).finally(() => this.inflight.delete(url));
      this.inflight.set(url, p);
    }
    return p;
  }

  private async fetchAndStore(url: string): Promise<string | undefined> {
    if (!/^https?:\/\//i.test(url)) return undefined;
    const max = this.deps.maxImageBytes ?? 2 * 1024 * 1024;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.deps.timeoutMs ?? 10_000), redirect: 'follow', headers: { accept: 'image/*' } });
      if (!res.ok) {
        this.deps.log.debug({ status: res.status }, 'image not available');
        return undefined;
      }
      if (Number(res.headers.get('content-length') ?? '0') > max) return undefined;
      const bytes = Buffer.from(await res.arrayBuffer());
      const kind = bytes.length <= max ? sniffImage(bytes) : undefined;
      if (!kind) {
        this.deps.log.warn({ bytes: bytes.length }, 'image refused: not a PNG, JPEG, GIF or WebP, or too large');
        return undefined;
      }
      const file = `${createHash('sha256').update(url).digest('hex').slice(0, 40)}.${kind.ext}`;
      const tmp = join(this.deps.dir, `${file}.tmp`);
      writeFileSync(tmp, bytes, { mode: this.modes.file });
      renameSync(tmp, join(this.deps.dir, file));
      this.insert.run({ url, file, type: kind.type, bytes: bytes.length, at: this.deps.now().toISOString() });
      this.prune();
      return file;
    } catch (e) {
      this.deps.log.debug({ err: (e as Error).name }, 'image download failed');
      return undefined;
    }
  }

  /** Keeps the folder under its size limit, dropping the least recently shown images. */
  private prune(): void {
    const limit = this.deps.maxTotalBytes ?? 200 * 1024 * 1024;
    const total = (this.deps.db.prepare('SELECT COALESCE(SUM(bytes), 0) AS n FROM images').get() as { n: number }).n;
    if (total <= limit) return;
    let excess = total - limit;
    const rows = this.deps.db.prepare<[], Row>('SELECT url, file, content_type, bytes FROM images ORDER BY used_at ASC').all();
    const del = this.deps.db.prepare('DELETE FROM images WHERE url = ?');
    for (const row of rows) {
      if (excess <= 0) break;
      del.run(row.url);
      rmSync(join(this.deps.dir, row.file), { force: true });
      excess -= row.bytes;
    }
  }
}
