import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, requireBuild, ROOT, runNode, spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/**
 * What a start loads before it does anything (issue 23, start like a native app). Both built starts
 * run a CommonJS bundle through the code cache (main/platform/code-cache.ts), so what they load is
 * seen in Module._load: a preloaded hook writes the requests it saw to `loaded.json` when the
 * process writes `mark` to stdout, or at exit. Dynamic imports (the gateway's soap, training's
 * simulators) and createRequire loads (serialport, fflate) wait for their first use.
 */
function countLoads(
  dir: string,
  mark?: string,
): { hook: string; packages: () => Set<string>; requests: () => string[]; builtins: () => string[]; internals: () => string[]; sqlite: () => boolean } {
  const hook = join(dir, 'count-loads.cjs');
  const out = join(dir, 'loaded.json');
  const internalsOut = join(dir, 'internals.json');
  // process.moduleLoadList also names what Node loads for itself (the \`performance\` global's perf_hooks, say).
  writeFileSync(
    hook,
    `const M = require('node:module'); const fs = require('node:fs'); const seen = new Set(); const load = M._load; let done = false;
M._load = function (request, ...rest) { if (!done) seen.add(request); return load.call(this, request, ...rest); };
const save = () => { if (!done) { fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify([...seen])); fs.writeFileSync(${JSON.stringify(internalsOut)}, JSON.stringify(process.moduleLoadList)); } done = true; };
${mark === undefined ? '' : `const write = process.stdout.write; process.stdout.write = function (chunk, ...rest) { if (String(chunk).includes(${JSON.stringify(mark)})) save(); return write.call(this, chunk, ...rest); };`}
process.on('exit', save);
`,
  );
  const loaded = () => JSON.parse(readFileSync(out, 'utf8')) as string[];
  return {
    hook,
    requests: loaded,
    internals: () => (JSON.parse(readFileSync(internalsOut, 'utf8')) as string[]).filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)),
    packages: () => new Set(loaded().filter((r) => !r.startsWith('node:') && !r.startsWith('.') && !r.startsWith('/')).map((r) => (r.startsWith('@') ? r.split('/').slice(0, 2).join('/') : r.split('/')[0]!))),
    builtins: () => loaded().filter((r) => /^(node:)?(https?|tls|child_process|readline|assert|fs\/promises|worker_threads)$/.test(r)),
    // better-sqlite3's JavaScript is in the bundle; its addon is loaded by its path (main/store/sqlite-addon.ts).
    sqlite: () => loaded().some((r) => r.endsWith('/better-sqlite3/build/Release/better_sqlite3.node')),
  };
}

const LATER = ['soap', 'axios', 'serialport', '@serialport/bindings-cpp', 'fflate', 'node-hid', 'ws'];

describe('what the built starts load up front', () => {
  beforeAll(() => requireBuild());

  it('the headless start loads neither soap, serialport, node-hid, ws nor TLS before its address is printed', async () => {
    const dir = tempDir();
    const loads = countLoads(dir, '#token=');
    const p = spawnNode(['--require', loads.hook, `${DIST}headless.js`, '--data-dir', join(dir, 'lane'), '--port', '0'], { POS_KEY_PROTECTION: 'file' });
    await p.waitFor(/#token=/);
    expect(await p.stop()).toBe(0);
    const packages = loads.packages();
    expect(loads.sqlite()).toBe(true);
    expect([...packages].filter((name) => LATER.includes(name))).toEqual([]);
    // Nor the TLS and HTTPS of the gateway, child processes (udevadm lists the serial ports once the
    // address is out), readline, promise-based file writes, assert (pino's streams, on a misuse) or
    // worker_threads (pino's transports: scripts/lazy-worker-threads.mjs).
    expect(loads.builtins().filter((r) => !/^(node:)?http$/.test(r))).toEqual([]);
    // The bundle keeps the training catalogue and simulators, initialised only when first used.
    expect(readFileSync(join(DIST, 'headless-app.cjs'), 'latin1')).toMatch(/"main\/training\/gateway\/server\.ts"\(\)/);
  });

  it('posctl status loads neither soap, serialport, fflate nor ws (its bundle is run, the packages it loads counted)', async () => {
    const dir = tempDir();
    const loads = countLoads(dir);
    const run = await runNode(['--require', loads.hook, `${ROOT}bin/posctl.js`, '--data-dir', dir, '--create', 'status'], { env: { POS_KEY_PROTECTION: 'file' } });
    expect(run.code, run.stderr).toBe(0);
    const packages = loads.packages();
    expect(loads.sqlite()).toBe(true);
    expect([...packages].filter((p) => LATER.includes(p))).toEqual([]);
    // Nor Node's HTTP and TLS, child processes, readline, promise-based file writes, assert or worker_threads: loaded on first use.
    expect(loads.builtins()).toEqual([]);
  });

  // Where the keyring is tried (no POS_KEY_PROTECTION=file; no D-Bus session here, so it answers at once that it cannot).
  it.runIf(process.platform === 'linux' && process.arch === 'x64')('posctl status opens the OS keyring by its addon package and loads no perf_hooks', async () => {
    const dir = tempDir();
    const loads = countLoads(dir);
    // An undefined value leaves the variable out of the child's environment.
    const env = { POS_KEY_PROTECTION: undefined, DBUS_SESSION_BUS_ADDRESS: undefined };
    const run = await runNode(['--require', loads.hook, `${ROOT}bin/posctl.js`, '--data-dir', dir, '--create', 'status'], { env });
    expect(run.code, run.stderr).toBe(0);
    // The package's own loader searches for the addon first (main/platform/key-vault.ts keyringAddonPackage).
    expect(loads.requests()).toContain('@napi-rs/keyring-linux-x64-gnu');
    expect(loads.requests()).not.toContain('@napi-rs/keyring');
    // The log file's clock is not the \`performance\` global, whose first use loads perf_hooks.
    expect(loads.internals().filter((m) => m === 'perf_hooks' || m === 'internal/perf/performance')).toEqual([]);
  });

  // A lane whose key is in its file (made where no keyring answered): posctl leaves it there
  // (store/terminal-key.ts), so it has no use for the keyring's 3 MB native module.
  it('posctl status on a lane whose key is in its file does not load the OS keyring module', async () => {
    const dir = tempDir();
    const made = await runNode([`${ROOT}bin/posctl.js`, '--data-dir', dir, '--create', 'status'], { env: { POS_KEY_PROTECTION: 'file' } });
    expect(made.code, made.stderr).toBe(0);
    const loads = countLoads(dir);
    const run = await runNode(['--require', loads.hook, `${ROOT}bin/posctl.js`, '--data-dir', dir, 'status'], { env: { POS_KEY_PROTECTION: undefined, DBUS_SESSION_BUS_ADDRESS: undefined } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/not moved into the (Secret Service|Windows Credential Manager|macOS Keychain) by this command/);
    expect(loads.sqlite()).toBe(true);
    expect(loads.requests().filter((r) => r.includes('keyring'))).toEqual([]);
  });

  it("posctl status compiles no code at run time (zod's JIT is off in posctl: main/cli/zod-config.ts)", async () => {
    const dir = tempDir();
    const hook = join(dir, 'count-functions.cjs');
    // zod's JIT makes each object schema's parser with `new Function`, outside the code cache.
    writeFileSync(hook, `let made = 0; const F = globalThis.Function;\nglobalThis.Function = new Proxy(F, { construct(target, args) { made++; return Reflect.construct(target, args); }, apply(target, self, args) { made++; return Reflect.apply(target, self, args); } });\nprocess.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'made.json'))}, String(made)));\n`);
    const run = await runNode(['--require', hook, `${ROOT}bin/posctl.js`, '--data-dir', dir, '--create', 'status'], { env: { POS_KEY_PROTECTION: 'file' } });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(dir, 'made.json'), 'utf8')).toBe('0');
  });
});
