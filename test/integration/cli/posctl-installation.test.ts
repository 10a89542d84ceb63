import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPosctl } from '../../../main/cli/posctl';
import { machineDataDir } from '../../../main/platform/data-dir';
import { tempDir } from '../../support/tmp';

/*
 * posctl inside a packaged per-machine installation (`counter-pos --posctl …`): its default is the
 * machine-wide folder, which the installer makes; posctl never makes it itself.
 */

const MACHINE = { packaged: true, kind: 'machine' } as const;
const machineFolderMissing = !existsSync(machineDataDir(process.platform, process.env));

function capture(): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  // As a stream does, the write's callback runs once it is written (posctl waits for it before it exits).
  const written = (...args: unknown[]): true => {
    const done = args.find((a): a is () => void => typeof a === 'function');
    if (done) queueMicrotask(done);
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => ((out += String(chunk)), written(...rest)));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => ((err += String(chunk)), written(...rest)));
  return { out: () => out, err: () => err };
}

afterEach(() => vi.restoreAllMocks());

describe('posctl in a per-machine installation', () => {
  it.skipIf(!machineFolderMissing)("refuses to make the missing machine-wide folder and says to install again (skipped where this machine has one)", async () => {
    const io = capture();
    const code = await runPosctl(['config', 'get', 'terminal.name'], { installation: MACHINE });
    vi.restoreAllMocks();
    expect(code).toBe(2);
    expect(io.err()).toContain(`The lane's data folder ${machineDataDir(process.platform, process.env)} does not exist. Install Counter POS again`);
    expect(existsSync(machineDataDir(process.platform, process.env))).toBe(false);
  });

  it('still takes --data-dir over the machine-wide folder', async () => {
    const dir = tempDir();
    const io = capture();
    const code = await runPosctl(['--data-dir', dir, 'config', 'get', 'terminal.name'], { installation: MACHINE });
    vi.restoreAllMocks();
    expect(code, io.err()).toBe(0);
    expect(io.out().trim()).toBe('Lane 1');
  });

  it.skipIf(!machineFolderMissing)("answers the installers' queue question without the folder: nothing can be waiting there", async () => {
    const io = capture();
    const code = await runPosctl(['queue', 'pending', '--json'], { installation: MACHINE });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ waiting: 0, journal: expect.stringContaining(machineDataDir(process.platform, process.env)) as unknown });
  });
});
