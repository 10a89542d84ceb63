import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { scaledCatalogue } from '../../../main/training/marketplace/data';
import { startMarketplaceSimulator } from '../../../main/training/marketplace/simulator';
import { SaleView } from '../../../preload/contract';
import { posctl, requireBuild, ROOT } from '../../support/processes';
import { tempDir } from '../../support/tmp';
import { tmpfs } from '../../support/tmpfs';
import { ptyPair } from '../devices/socat';

beforeAll(() => requireBuild());

type Closing = 'stdout' | 'stderr' | 'both';

/**
 * posctl with its standard output and error as pipes. `close`: which read end the test shuts;
 * `after` 'nothing' shuts it at once (posctl is still starting, so its first write meets a closed
 * pipe), 'first-byte' once the first byte arrived (the output must then outsize the pipe's buffer,
 * 64 KiB, so posctl is still writing when the reader goes).
 */
function posctlWithClosedPipe(dataDir: string, args: string[], close: Closing, after: 'nothing' | 'first-byte'): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [`${ROOT}bin/posctl.js`, '--data-dir', dataDir, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const shut = (): void => {
    if (close !== 'stderr') child.stdout.destroy();
    if (close !== 'stdout') child.stderr.destroy();
  };
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (after === 'first-byte') shut();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  if (after === 'nothing') shut();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('posctl with a reader that goes away', { timeout: 60_000 }, () => {
  it('ends quietly with exit 0 when the reader closes standard output after the first byte', async () => {
    const dir = tempDir();
    // A catalogue of 5,000 products as JSON is some 2 MB: more than a pipe holds (64 KiB, 1 MiB at
    // most) plus what the reader took, so posctl is still writing when the reader goes.
    const credentials = { apiKey: 'epipe-key', apiSecret: 'epipe-secret-value', algorithm: 'hmac-sha256' as const };
    const market = await startMarketplaceSimulator({ credentials, products: scaledCatalogue(5_000) });
    onTestFinished(() => market.close());
    for (const [key, value] of [['marketplace.url', market.baseUrl], ['marketplace.apiKey', credentials.apiKey], ['marketplace.algorithm', credentials.algorithm], ['marketplace.companyId', market.companyId]] as const) {
      expect((await posctl(dir, ['config', 'set', key, value])).code).toBe(0);
    }
    expect((await posctl(dir, ['config', 'set', 'marketplace.apiSecret'], { input: `${credentials.apiSecret}\n` })).code).toBe(0);
    const whole = await posctl(dir, ['catalogue', 'products', '--json']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const r = await posctlWithClosedPipe(dir, ['catalogue', 'products', '--json'], 'stdout', 'first-byte');
    expect(r).toMatchObject({ code: 0, signal: null, stderr: '' });
    expect(r.stdout.length).toBeLessThan(whole.stdout.length);
  });

  it('journal show REF | head -1: exit 0 and no stack when standard output is closed before it writes', async () => {
    const dir = tempDir();
    const sale = await posctl(dir, ['sale', '--amount', '10.00', '--keyed', '-', '--expiry', '1230', '--name', 'Pat Doe', '--json'], { input: '4111111111111111\n' });
    expect(sale.code, sale.stderr).toBe(0);
    const ref = SaleView.parse(JSON.parse(sale.stdout)).clientRef;
    const r = await posctlWithClosedPipe(dir, ['journal', 'show', ref], 'stdout', 'nothing');
    expect(r).toMatchObject({ code: 0, signal: null, stderr: '' });
    // Its own exit code stands: a payment that is not there is still exit 1, said on standard error.
    const missing = await posctlWithClosedPipe(dir, ['journal', 'show', 'NO-SUCH-REF'], 'stdout', 'nothing');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^posctl: .*\n$/);
  });

  it('goes on when standard error is closed, and when both are', async () => {
    const dir = tempDir();
    // gateway wsdl says on standard error that gateway.url is not set, then prints the WSDL.
    const whole = await posctl(dir, ['gateway', 'wsdl']);
    expect(whole.code).toBe(0);
    expect(whole.stderr).toMatch(/gateway\.url is not set/);
    const noStderr = await posctlWithClosedPipe(dir, ['gateway', 'wsdl'], 'stderr', 'nothing');
    expect(noStderr).toMatchObject({ code: 0, signal: null, stdout: whole.stdout });
    const neither = await posctlWithClosedPipe(dir, ['gateway', 'wsdl'], 'both', 'nothing');
    expect(neither).toMatchObject({ code: 0, signal: null, stdout: '', stderr: '' });
  });

  it('stops a command that runs until stopped once its reader is gone, as on Ctrl+C', async () => {
    const dir = tempDir();
    const pty = await ptyPair(dir);
    onTestFinished(() => pty.kill());
    // A simulated reader swipes every 20 ms and says so on standard output: its first line meets the closed pipe.
    const r = await posctlWithClosedPipe(dir, ['sim', 'msr', '--port', pty.b, '--every', '20'], 'stdout', 'nothing');
    expect(r).toMatchObject({ code: 0, signal: null, stderr: '' });
  });

  it('reports output lost to anything but a closed pipe: a full disk is exit 2, in words', async () => {
    const dir = tempDir();
    const disk = join(dir, 'disk');
    const full = tmpfs(disk, '64k');
    const fd = openSync(join(disk, 'wsdl.xml'), 'w');
    onTestFinished(() => closeSync(fd));
    full.fill();
    const child = spawn(process.execPath, [`${ROOT}bin/posctl.js`, '--data-dir', dir, 'gateway', 'wsdl'], { cwd: ROOT, stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^posctl: could not write to standard output \(ENOSPC\)$/m);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
