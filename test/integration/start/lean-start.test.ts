import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, requireBuild } from '../../support/processes';

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

  it('posctl reaches neither soap, serialport nor fflate through static imports', () => {
    const { packages } = staticGraph('posctl.js');
    expect(packages.has('better-sqlite3')).toBe(true);
    expect([...packages].filter((p) => LATER.includes(p))).toEqual([]);
  });
});
