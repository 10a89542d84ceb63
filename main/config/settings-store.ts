import type { Logger } from 'pino';
import type { Db } from '../store/database';
import type { Sealer } from '../store/terminal-key';
import { formatDollars } from './setting';
import { aboutSetting } from './setting-words';
import { isSettingKey, settingDef, settingDefs, settingRules, type SettingKey, type SettingValue } from './settings';

export class SettingError extends Error {
  override name = 'SettingError';
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

/** A write to a setting the machine-wide provisioning file locks (see config/machine-provisioning.ts). */
export class SettingLockedError extends SettingError {
  override name = 'SettingLockedError';
  constructor(
    key: string,
    readonly file: string,
  ) {
    super(`${key} is locked by the provisioning file ${file}: IT changes it there, and the change applies when the app next starts`, key);
  }
}

/** What Settings shows beside a locked setting. */
export function lockedReason(file: string): string {
  return `Set by the provisioning file ${file}.`;
}

export interface SettingInfo {
  key: SettingKey;
  description: string;
  secret: boolean;
  access: 'technician' | 'manager';
  /** True when a value is stored (otherwise the default applies). */
  set: boolean;
  /** Absent for secrets. */
  value?: unknown;
  default?: unknown;
  /** Money settings only: value and default are integer cents. */
  unit?: 'cents';
  /** Money settings only: the value in dollars, as typed on the command line ("50.00"). */
  display?: string;
  /** The provisioning file that locks it, when one does. */
  lockedBy?: string;
}

interface Row {
  key: string;
  value_json: string | null;
  sealed: Buffer | null;
}

const sealContext = (key: string): string => `setting:${key}`;

/**
 * Settings of one terminal, stored in `terminal.sqlite`: only keys that differ from their default
 * are stored; secrets are sealed with the terminal key and can be written and tested for
 * presence, but only read back in-process by the services that need them.
 */
export class SettingsStore {
  private values = new Map<string, unknown>();
  private sealedKeys = new Map<string, string>();
  private refusedKeys: Array<{ key: string; why: string }> = [];
  private locks: { file: string; keys: ReadonlySet<string> } | undefined;
  private readonly selectAll;
  private readonly selectOne;
  private readonly upsert;
  private readonly remove;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly log: Logger,
    private readonly now: () => Date,
  ) {
    this.selectAll = db.prepare<[], Row>('SELECT key, value_json, sealed FROM settings');
    this.selectOne = db.prepare<[string], Row>('SELECT key, value_json, sealed FROM settings WHERE key = ?');
    this.upsert = db.prepare(
      `INSERT INTO settings (key, value_json, sealed, updated_at) VALUES (@key, @json, @sealed, @at)
       ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json, sealed = excluded.sealed, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare('DELETE FROM settings WHERE key = ?');
    this.reload();
  }

  /** Called after any change, whether made here or found by reload(). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads the table (another process, e.g. posctl, may have written it). Returns whether anything changed. */
  reload(): boolean {
    const before = this.fingerprint();
    const values = new Map<string, unknown>();
    const sealed = new Map<string, string>();
    const refused: Array<{ key: string; why: string }> = [];
    for (const row of this.selectAll.all()) {
      if (!isSettingKey(row.key)) {
        this.log.warn({ key: row.key }, 'ignoring a stored setting this version does not know');
        continue;
      }
      if (row.sealed) {
        // Each sealing uses a fresh ephemeral key, so a rewritten secret has a new prefix.
        sealed.set(row.key, row.sealed.subarray(0, 24).toString('base64'));
        continue;
      }
      const def = settingDef(row.key);
      let stored: unknown;
      try {
        stored = row.value_json === null ? undefined : JSON.parse(row.value_json);
      } catch {
        stored = Symbol('unreadable');
      }
      const parsed = def.schema.safeParse(stored);
      if (parsed.success) values.set(row.key, parsed.data);
      else refused.push({ key: row.key, why: parsed.error.issues.map((i) => i.message).join('; ') });
    }
    this.values = values;
    this.sealedKeys = sealed;
    // Rules tighten between versions (gateway.url must now be https): say which stored value no longer counts.
    if (JSON.stringify(refused) !== JSON.stringify(this.refusedKeys)) {
      for (const r of refused) this.log.warn({ key: r.key, why: r.why }, 'stored setting fails its rules; using the default');
    }
    this.refusedKeys = refused;
    const changed = before !== this.fingerprint();
    if (changed) for (const listener of [...this.listeners]) listener();
    return changed;
  }

  private fingerprint(): string {
    return JSON.stringify([[...this.values.entries()].sort(), [...this.sealedKeys.entries()].sort(), this.refusedKeys]);
  }

  /** Stored values that fail their setting's rules (written by an older version): their defaults apply. */
  refused(): ReadonlyArray<{ key: string; why: string }> {
    return this.refusedKeys;
  }

  /** Keys whose sealed values are stored (without unsealing them). */
  sealedKeyNames(): SettingKey[] {
    return [...this.sealedKeys.keys()] as SettingKey[];
  }

  /**
   * The settings the machine-wide provisioning file locks: every write to them is refused, from
   * the screens, posctl and other provisioning files alike, until the file says otherwise.
   */
  setLocks(file: string, keys: Iterable<SettingKey>): void {
    const set = new Set<string>(keys);
    this.locks = set.size > 0 ? { file, keys: set } : undefined;
  }

  /** The file that locks the key, or undefined. */
  lockedBy(key: string): string | undefined {
    return this.locks?.keys.has(key) ? this.locks.file : undefined;
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    const def = settingDef(key);
    if (def.secret) throw new SettingError(`${key} is write-only`, key);
    return (this.values.has(key) ? this.values.get(key) : def.default) as SettingValue<K>;
  }

  /** Whether a value is stored for the key (for secrets: whether one was ever written). */
  isSet(key: SettingKey): boolean {
    return this.values.has(key) || this.sealedKeys.has(key);
  }

  /**
   * Changes whenever the secret is written again (each sealing has a fresh ephemeral key), without
   * unsealing it: lets a service notice a new password cheaply. Undefined when not set.
   */
  secretStamp(key: SettingKey): string | undefined {
    if (!settingDef(key).secret) throw new SettingError(`${key} is not a secret`, key);
    return this.sealedKeys.get(key);
  }

  /** In-process only: the gateway client needs its password. Never expose this through the contract. */
  readSecret(key: SettingKey): string | undefined {
    if (!settingDef(key).secret) throw new SettingError(`${key} is not a secret`, key);
    const row = this.selectOne.get(key);
    if (!row?.sealed) return undefined;
    return this.sealer.unseal(row.sealed, sealContext(key)).toString('utf8');
  }

  /**
   * Validates every value first, then writes them all in one transaction; the rules between
   * settings see all the new values together, so their order does not matter.
   */
  setMany(entries: ReadonlyArray<readonly [string, unknown]>, options: { overrideLocks?: boolean } = {}): void {
    if (!options.overrideLocks) for (const [key] of entries) this.refuseLocked(key);
    const prepared = entries.map(([key, value]) => this.prepare(key, value));
    const at = this.now().toISOString();
    // Immediate: the rules read the other keys as stored, and no other process writes in between.
    this.db.transaction(() => {
      this.checkRules(new Map(prepared.map((p) => [p.key, p.value])));
      for (const p of prepared) this.upsert.run({ key: p.key, json: p.json, sealed: p.sealed, at });
    }).immediate();
    this.reload();
    for (const p of prepared) this.log.info({ setting: p.key }, 'setting changed');
  }

  set(key: string, value: unknown): void {
    this.setMany([[key, value]]);
  }

  /** Parses command-line text for the key's type, then sets it. */
  setFromText(key: string, text: string): void {
    this.set(key, settingDef(this.knownKey(key)).fromText(text));
  }

  unset(key: string, options: { overrideLocks?: boolean } = {}): void {
    const k = this.knownKey(key);
    if (!options.overrideLocks) this.refuseLocked(k);
    this.db.transaction(() => {
      this.checkRules(new Map([[k, settingDef(k).default]]));
      this.remove.run(k);
    }).immediate();
    this.reload();
    this.log.info({ setting: key }, 'setting reset to default');
  }

  describe(key?: string): SettingInfo[] {
    const keys = key === undefined ? (Object.keys(settingDefs) as SettingKey[]) : [this.knownKey(key)];
    return keys.map((k) => {
      const def = settingDef(k);
      const info: SettingInfo = { key: k, description: def.description, secret: def.secret, access: def.access, set: this.isSet(k) };
      if (!def.secret) {
        info.value = this.get(k);
        info.default = def.default;
      }
      if (def.unit === 'cents') {
        info.unit = 'cents';
        info.display = formatDollars(info.value as number);
      }
      const lockedBy = this.lockedBy(k);
      if (lockedBy !== undefined) info.lockedBy = lockedBy;
      return info;
    });
  }

  private refuseLocked(key: string): void {
    const file = this.lockedBy(key);
    if (file !== undefined) throw new SettingLockedError(key, file);
  }

  private knownKey(key: string): SettingKey {
    if (!isSettingKey(key)) throw new SettingError(`unknown setting "${key}" (see: posctl config get)`, key);
    return key;
  }

  /** Throws the first broken rule among those that read a key being written. */
  private checkRules(after: ReadonlyMap<SettingKey, unknown>): void {
    for (const rule of settingRules) {
      const touched = rule.keys.find((k) => after.has(k as SettingKey));
      if (touched === undefined) continue;
      const problem = rule.check((k) => (after.has(k as SettingKey) ? after.get(k as SettingKey) : this.storedValue(k as SettingKey)));
      if (problem) throw new SettingError(problem, touched);
    }
  }

  /** The value in force as stored now (another process may have written since the last reload). */
  private storedValue(key: SettingKey): unknown {
    const def = settingDef(key);
    const row = this.selectOne.get(key);
    if (!row?.value_json) return def.default;
    try {
      const parsed = def.schema.safeParse(JSON.parse(row.value_json));
      return parsed.success ? parsed.data : def.default;
    } catch {
      return def.default;
    }
  }

  private prepare(key: string, value: unknown): { key: SettingKey; value: unknown; json: string | null; sealed: Buffer | null } {
    const k = this.knownKey(key);
    const def = settingDef(k);
    const parsed = def.schema.safeParse(value);
    if (!parsed.success) {
      // The message names the rule, never the rejected value (it may be a password).
      const why = parsed.error.issues.map((i) => i.message).join('; ');
      throw new SettingError(aboutSetting(k, `invalid value for ${k}: ${why}`), k);
    }
    if (def.secret) {
      if (typeof parsed.data !== 'string' || parsed.data === '') throw new SettingError(`${k} cannot be empty; use unset to remove it`, k);
      return { key: k, value: parsed.data, json: null, sealed: this.sealer.seal(parsed.data, sealContext(k)) };
    }
    return { key: k, value: parsed.data, json: JSON.stringify(parsed.data), sealed: null };
  }
}
