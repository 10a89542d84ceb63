import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { terminalMigrations } from '../../../main/store/terminal-db';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { journalFile } from '../../../main/payments/journal/journal';
import type { AppStatus } from '../../../preload/contract';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

function open(dataDir: string, watchIntervalMs = 0) {
  const mem = memoryLog();
  return createCore(
    { logDestination: mem.stream, watchIntervalMs, applyProvisioning: true },
    createNodePlatform({ host: 'headless', dataDir, version: '1.2.3' }),
  ).then((core) => ({ core, mem }));
}

function goLive(core: Awaited<ReturnType<typeof open>>['core']): void {
  core.settings.setMany([
    ['gateway.url', 'https://gateway.invalid/transaction/v14'],
    ['gateway.gatewayId', 'AB1234-01'],
    ['gateway.password', 'pw-for-test'],
  ]);
}

describe('core', () => {
  it('opens its SQLite files in the data directory with WAL, full sync, migrations and 0600 permissions', async () => {
    const dir = tempDir();
    const { core } = await open(dir);
    core.journal();
    const db = new Database(join(dir, 'terminal.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(terminalMigrations.length);
    db.close();
    expect(core.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(core.db.pragma('secure_delete', { simple: true })).toBe(1);
    for (const f of ['terminal.sqlite', 'journal-training.sqlite']) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    await core.close();
  });

  it('refuses a database written by a newer version, clearly', async () => {
    const dir = tempDir();
    const db = new Database(join(dir, 'terminal.sqlite'));
    db.pragma('user_version = 99');
    db.close();
    await expect(open(dir)).rejects.toThrow(/newer version of the terminal/);
  });

  it('starts in training mode and keeps training and live journals in separate files', async () => {
    const dir = tempDir();
    const { core } = await open(dir);
    expect(core.mode()).toBe('training');
    const stored = (clientRef: string, cents: number) =>
      ({ clientRef, saleId: `sale-${clientRef}`, type: 'sale', tender: 'card', requestedCents: cents, owner: 'test', leaseUntil: new Date().toISOString() }) as const;
    const training = core.journal();
    training.create(stored('t-1', 1234), 'offline', new Date());
    // The status counts live payments; training ones are counted apart.
    expect(core.status.current().queue).toMatchObject({ pending: 0, training: 1 });

    goLive(core);
    expect(core.mode()).toBe('live');
    expect(core.journal().file).toBe(journalFile(dir, 'live'));
    core.journal().create(stored('l-1', 500), 'offline', new Date());
    expect(core.status.current().queue).toMatchObject({ pending: 1, training: 1 });

    core.settings.unset('gateway.password');
    expect(core.mode()).toBe('training');
    // Still counted while the terminal shows training: live payments wait to be forwarded.
    expect(core.status.current().queue).toMatchObject({ pending: 1, training: 1 });
    await core.close();

    const count = (file: string) => {
      const db = new Database(file, { readonly: true });
      const refs = db.prepare('SELECT client_ref FROM journal ORDER BY id').pluck().all();
      db.close();
      return refs;
    };
    expect(count(journalFile(dir, 'training'))).toEqual(['t-1']);
    expect(count(journalFile(dir, 'live'))).toEqual(['l-1']);
  });

  it('refuses money that is not whole cents', async () => {
    const { core } = await open(tempDir());
    expect(() =>
      core.journal().create({ clientRef: 'x-1', saleId: 'sale-x-1', type: 'sale', tender: 'card', requestedCents: 12.5, owner: 'test', leaseUntil: '' }, 'choosing', new Date()),
    ).toThrow(/cents/);
    await core.close();
  });

  it('emits status.changed for in-process changes and for changes another process commits', async () => {
    const dir = tempDir();
    const { core } = await open(dir, 20);
    await core.start();
    const seen: AppStatus[] = [];
    core.bus.on('status.changed', (s) => seen.push(s));

    core.settings.set('terminal.name', 'Lane 2');
    expect(seen.at(-1)?.terminal.name).toBe('Lane 2');
    core.settings.set('terminal.name', 'Lane 2');
    expect(seen).toHaveLength(1);

    // Another process (posctl) writes the same database: the watcher notices through data_version.
    const other = await open(dir);
    goLive(other.core);
    await other.core.close();
    await expect.poll(() => seen.at(-1)?.mode).toBe('live');
    await core.close();
  });

  it('applies a provisioning file once, removes it and keeps a record without secrets', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'provision.json'), JSON.stringify({ terminal: { name: 'Lane 12' }, gateway: { url: 'https://gw.example/transaction/v14', gatewayId: 'G-1', password: 'provisioned-pw' } }));
    const { core, mem } = await open(dir);
    expect(core.settings.get('terminal.name')).toBe('Lane 12');
    expect(core.mode()).toBe('live');
    expect(existsSync(join(dir, 'provision.json'))).toBe(false);
    const record = readFileSync(join(dir, 'provision.applied.json'), 'utf8');
    expect(record).toContain('<sealed>');
    expect(record).not.toContain('provisioned-pw');
    await core.close();
    expect(mem.text()).not.toContain('provisioned-pw');
  });

  it('leaves no secret in plain text anywhere in the data directory', async () => {
    const dir = tempDir();
    const { core } = await open(dir);
    core.settings.set('gateway.password', 'very-distinctive-password');
    core.settings.set('terminal.name', 'Lane 4');
    await core.close();
    const walk = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    for (const file of walk(dir)) {
      expect(readFileSync(file).includes('very-distinctive-password'), file).toBe(false);
    }
  });
});
