import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, requireBuild, ROOT, runNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/**
 * What a start loads before it does anything (issue 23, start like a native app): the modules the
 * built entries reach through static imports. Dynamic imports (the gateway's soap, training's
 * simulators) and createRequire loads (serialport, fflate) wait for their first use.
 */
function staticGraph(...entries: string[]): { packages: Set<string>; files: string[] } {
  const packages = new Set<string>();
  const files: string[] = [];
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const code = readFileSync(join(DIST, file), 'utf8');
    // esbuild's output: one static import per line, at the start of the line (`import(` is dynamic).
    for (const m of code.matchAll(/^import\s+(?:[^'"();]*?\s+from\s+)?"([^"]+)";$/gm)) {
      const spec = m[1]!;
      if (spec.startsWith('./')) pending.push(spec.slice(2));
      else if (!spec.startsWith('node:')) packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return { packages, files };
}

const LATER = ['soap', 'axios', 'serialport', '@serialport/bindings-cpp', 'fflate', 'node-hid', 'ws'];

describe('what the built starts load up front', () => {
  beforeAll(() => requireBuild());

  it('the headless start reaches neither soap, serialport, ws nor the training catalogue through static imports', () => {
    // The entry catches the stop signals, then loads the app's chunk (main/headless/main.ts): both are the start.
    const run = /import\("\.\/(headless-run-[\w-]+\.js)"\)/.exec(readFileSync(join(DIST, 'headless.js'), 'utf8'))?.[1];
    expect(run).toBeDefined();
    const { packages, files } = staticGraph('headless.js', run!);
    expect(packages.has('better-sqlite3')).toBe(true);
    expect([...packages].filter((p) => LATER.includes(p))).toEqual([]);
    const code = files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    expect(code).not.toMatch(/function buildProducts\(/);
    expect(code).not.toMatch(/\/\/ main\/training\/gateway\/server\.ts/);
  });

  it('posctl status loads neither soap, serialport, fflate nor ws (its bundle is run, the packages it loads counted)', async () => {
    // posctl's bundle is CommonJS run through the code cache: what it loads is seen in Module._load.
    const dir = tempDir();
    const hook = join(dir, 'count-loads.cjs');
    writeFileSync(hook, `const M = require('node:module'); const seen = new Set(); const load = M._load;\nM._load = function (request, ...rest) { seen.add(request); return load.call(this, request, ...rest); };\nprocess.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'loaded.json'))}, JSON.stringify([...seen])));\n`);
    const run = await runNode(['--require', hook, `${ROOT}bin/posctl.js`, '--data-dir', dir, '--create', 'status'], { env: { POS_KEY_PROTECTION: 'file' } });
    expect(run.code, run.stderr).toBe(0);
    const loaded = (JSON.parse(readFileSync(join(dir, 'loaded.json'), 'utf8')) as string[]).filter((r) => !r.startsWith('node:') && !r.startsWith('.') && !r.startsWith('/'));
    const packages = new Set(loaded.map((r) => (r.startsWith('@') ? r.split('/').slice(0, 2).join('/') : r.split('/')[0]!)));
    expect(packages.has('better-sqlite3')).toBe(true);
    expect([...packages].filter((p) => LATER.includes(p))).toEqual([]);
    // Nor Node's HTTP and TLS, child processes or readline: posctl's bundle loads them on first use.
    expect(loaded.filter((r) => /^(node:)?(https?|tls|child_process|readline)$/.test(r))).toEqual([]);
  });
});
