import { beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { StartupError } from '../../../main/store/open-store';
import { memoryLog } from '../../support/memory-log';
import { posctl, requireBuild, startHeadlessApp, type HeadlessAppProcess } from '../../support/processes';
import { tempDir } from '../../support/tmp';
import { onTestFinished } from 'vitest';

beforeAll(() => requireBuild());

async function headless(dir: string): Promise<HeadlessAppProcess> {
  const app = await startHeadlessApp(dir);
  onTestFinished(async () => {
    await app.stop();
  });
  return app;
}

/** A reader on a port that does not exist: the app keeps trying it (its own view), posctl never opens it. */
const READER = JSON.stringify([{ id: 'front', name: 'Front reader', kind: 'msr', transport: 'serial', path: '/dev/pos-test-no-such-port', framing: 'cr' }]);

describe('one terminal per data directory', () => {
  it('refuses a second start on the same directory, naming the running one', async () => {
    const dir = tempDir();
    const first = await headless(dir);
    const second = await startHeadlessApp(dir).then(
      () => 'started',
      (e: unknown) => String(e),
    );
    expect(second).toMatch(/process exited before printing/);
    expect(second).toMatch(new RegExp(`another Counter POS \\(the headless start at ${first.origin}, pid ${first.child.pid}, .*\\) is already running on the data directory`));
  });

  it('is free again at once after the running terminal is killed, whatever way it ended', async () => {
    const dir = tempDir();
    const first = await startHeadlessApp(dir);
    first.child.kill('SIGKILL');
    await first.exited;
    const again = await headless(dir);
    expect(again.url).toMatch(/#token=/);
  });

  it('refuses a second core in the same process too, and frees the directory on close', async () => {
    const dir = tempDir();
    const platform = createNodePlatform({ host: 'headless', dataDir: dir, version: 't' });
    const a = await createCore({ exclusive: true, watchIntervalMs: 0, logDestination: memoryLog().stream }, platform);
    await expect(createCore({ exclusive: true, watchIntervalMs: 0, logDestination: memoryLog().stream }, platform)).rejects.toBeInstanceOf(StartupError);
    await a.close();
    const b = await createCore({ exclusive: true, watchIntervalMs: 0, logDestination: memoryLog().stream }, platform);
    await b.close();
  });
});

describe('posctl status', () => {
  it("shows the running app's view of the devices, and says whose view it is", async () => {
    const dir = tempDir();
    expect((await posctl(dir, ['config', 'set', 'devices.list', READER])).code).toBe(0);
    const own = await posctl(dir, ['status']);
    expect(own.stdout).toMatch(/Front reader \(msr\): disconnected, not open in this process/);
    expect(own.stdout).toMatch(/View {6}this command's own: the app is not running here, so no device is open/);
    expect(JSON.parse((await posctl(dir, ['status', '--json'])).stdout)).toMatchObject({ view: { source: 'posctl', appRunning: false } });

    const app = await headless(dir);
    const seen = await posctl(dir, ['status']);
    expect(seen.stdout).toMatch(new RegExp(`View {6}the running headless start's \\(pid ${app.child.pid}, reported \\d+ s ago\\); it holds the devices`));
    expect(seen.stdout).not.toMatch(/not open in this process/);
    const json = JSON.parse((await posctl(dir, ['status', '--json'])).stdout) as { view: unknown; devices: Array<{ detail?: string }> };
    expect(json.view).toMatchObject({ source: 'app', host: 'headless', pid: app.child.pid });
    expect(json.devices[0]?.detail).not.toBe('not open in this process');
  });
});
