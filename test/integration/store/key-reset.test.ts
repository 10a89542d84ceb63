import { rmSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { keyFilePath } from '../../../main/store/key-file';
import { KeyResetRefused, resetTerminalKey } from '../../../main/key-reset';
import { generateTerminalKeyPair, seal } from '../../../main/store/sealing';
import { memoryLog } from '../../support/memory-log';
import { MemoryVault } from '../../support/memory-vault';
import { tempDir } from '../../support/tmp';

async function open(dir: string, vault: MemoryVault): Promise<Core> {
  const core = await createCore({ watchIntervalMs: 0, logDestination: memoryLog().stream }, createNodePlatform({ host: 'cli', dataDir: dir, version: 't', keyVault: vault }));
  onTestFinished(() => core.close());
  return core;
}

describe('resetTerminalKey', () => {
  it('replaces a lost key and clears, by name, every sealed value it can no longer open', async () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    const first = await open(dir, vault);
    first.settings.setMany([['gateway.password', 'pw'], ['marketplace.apiSecret', 's']]);
    await first.close();
    rmSync(keyFilePath(dir));
    const core = await open(dir, vault);
    expect(core.key.health().state).toBe('lost');
    const result = resetTerminalKey(core.key, core.settings, core.apis.outbox);
    expect(result).toMatchObject({ replaced: true, health: { state: 'keyring' }, clearedSettings: ['gateway.password', 'marketplace.apiSecret'], clearedLeads: [] });
    expect(core.settings.isSet('gateway.password')).toBe(false);
    core.settings.set('gateway.password', 'pw-2');
    expect(core.settings.readSecret('gateway.password')).toBe('pw-2');
  });

  it('refuses to replace a key that may still open elsewhere unless forced', async () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    (await open(dir, vault)).settings.set('gateway.password', 'pw');
    // The same data directory seen by another user (sudo): that user's keyring has no entry.
    const other = await open(dir, new MemoryVault());
    expect(other.key.health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(() => resetTerminalKey(other.key, other.settings, other.apis.outbox)).toThrow(KeyResetRefused);
    expect(other.settings.isSet('gateway.password')).toBe(true);
    expect(resetTerminalKey(other.key, other.settings, other.apis.outbox, { force: true })).toMatchObject({ replaced: true, clearedSettings: ['gateway.password'] });
  });

  it('keeps a working key and clears only values sealed with another one', async () => {
    const dir = tempDir();
    const core = await open(dir, new MemoryVault());
    core.settings.set('gateway.password', 'pw');
    const foreign = seal('x', 'setting:gateway.hmacKey', generateTerminalKeyPair().publicKey);
    core.db.prepare("INSERT INTO settings (key, sealed, updated_at) VALUES ('gateway.hmacKey', ?, 'now')").run(foreign);
    core.settings.reload();
    expect(resetTerminalKey(core.key, core.settings, core.apis.outbox)).toMatchObject({ replaced: false, clearedSettings: ['gateway.hmacKey'] });
    expect(core.settings.readSecret('gateway.password')).toBe('pw');
  });

  it('refuses to replace a lost key while live payments are stored sealed with it, and never removes them', async () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    const first = await open(dir, vault);
    const live = first.journals.of('live');
    live.create({ clientRef: 'L-stored-1', saleId: 'sale-stored-1', type: 'sale', tender: 'card', requestedCents: 500, owner: 'test', leaseUntil: '' }, 'choosing', new Date());
    live.transition('L-stored-1', 'choosing', ['validated', 'journaled', 'offline'], new Date(), { sealed: first.key.seal('{}', 'journal:L-stored-1') });
    await first.close();
    rmSync(keyFilePath(dir));
    const core = await open(dir, vault);
    // The sealed payment counts as something only the lost key opens: the key is lost, not absent.
    expect(core.key.health().state).toBe('lost');
    expect(() => resetTerminalKey(core.key, core.settings, core.apis.outbox, { sealedPayments: 1 })).toThrow(/1 live payment\(s\) are stored sealed/);
    expect(resetTerminalKey(core.key, core.settings, core.apis.outbox, { sealedPayments: 1, force: true })).toMatchObject({ replaced: true });
    expect(core.journals.of('live').get('L-stored-1')).toMatchObject({ state: 'offline', hasSealed: true });
  });
});
