import { EventEmitter } from 'node:events';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS, installFolder, LOOK_EVERY_MS, selfInstallProblem, startUpdates, type AppUpdates, type UpdaterLike } from '../../../main/electron/updates';
import type { CounterMoment } from '../../../main/updates/quiet-moment';
import { memoryLog } from '../../support/memory-log';

/** electron-updater's updater as far as the wiring sees it: settable flags, a feed, events, calls recorded. */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  logger: UpdaterLike['logger'] = null;
  feeds: Array<{ provider: string; url: string }> = [];
  checks = 0;
  installs: Array<[boolean | undefined, boolean | undefined]> = [];
  failChecks = false;
  setFeedURL(options: { provider: 'generic'; url: string }): void {
    this.feeds.push(options);
  }
  checkForUpdates(): Promise<unknown> {
    this.checks++;
    return this.failChecks ? Promise.reject(new Error('getaddrinfo ENOTFOUND updates.example')) : Promise.resolve(null);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

/** A lane: its update.url setting and its counter, both changed by the test. */
function lane(url = '') {
  const listeners = new Set<() => void>();
  const state = { url, moment: { queued: 0, saleInProgress: false, idleMs: undefined } as CounterMoment };
  const mem = memoryLog();
  return {
    state,
    mem,
    setUrl(next: string) {
      state.url = next;
      for (const l of listeners) l();
    },
    deps: {
      feedUrl: () => state.url,
      onSettingsChange: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      moment: () => state.moment,
      log: pino({ level: 'debug' }, mem.stream),
    },
  };
}

let running: AppUpdates | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  running?.stop();
  running = undefined;
  vi.useRealTimers();
});

/** Lets the lazy load and the settings listener finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('app updates', () => {
  it('never loads electron-updater while update.url is empty: IT pushes installers', async () => {
    const l = lane('');
    const load = vi.fn(() => Promise.resolve(new FakeUpdater()));
    running = startUpdates(load, l.deps);
    await settle();
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS * 2);
    expect(load).not.toHaveBeenCalled();
  });

  it('points the updater at the fleet\'s generic feed, downloads in the background and checks now and every few hours', async () => {
    const l = lane('https://updates.example/lanes/');
    const updater = new FakeUpdater();
    running = startUpdates(() => Promise.resolve(updater), l.deps);
    await settle();
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://updates.example/lanes/' }]);
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: false, allowDowngrade: false });
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(updater.checks).toBe(2);

    // A new address is followed at once.
    l.setUrl('https://mirror.example/lanes/');
    await settle();
    expect(updater.feeds.at(-1)).toEqual({ provider: 'generic', url: 'https://mirror.example/lanes/' });
    expect(updater.checks).toBe(3);
  });

  it('installs a downloaded update only at a quiet moment, silently, starting the app again', async () => {
    const l = lane('https://updates.example/lanes/');
    l.state.moment = { queued: 2, saleInProgress: true, idleMs: 5_000 };
    const updater = new FakeUpdater();
    running = startUpdates(() => Promise.resolve(updater), l.deps);
    await settle();
    updater.emit('update-downloaded', { version: '1.5.0' });
    expect(updater.installs).toEqual([]);
    expect(running.pending()).toMatchObject({ version: '1.5.0', decision: { install: false, waitingFor: 'sale' } });

    l.state.moment = { queued: 2, saleInProgress: false, idleMs: 5_000 };
    await vi.advanceTimersByTimeAsync(LOOK_EVERY_MS);
    expect(updater.installs).toEqual([]);
    l.state.moment = { queued: 0, saleInProgress: false, idleMs: 60_000 };
    await vi.advanceTimersByTimeAsync(LOOK_EVERY_MS);
    expect(updater.installs).toEqual([]);
    l.state.moment = { queued: 0, saleInProgress: false, idleMs: 11 * 60_000 };
    await vi.advanceTimersByTimeAsync(LOOK_EVERY_MS);
    expect(updater.installs).toEqual([[true, true]]);

    // Once asked, never twice, and no more checks.
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(updater.installs).toHaveLength(1);
    expect(updater.checks).toBe(1);
    const said = l.mem.text();
    expect(said).toContain('update 1.5.0 waits: a sale is in progress');
    expect(said).toContain('update 1.5.0 waits: 2 live payment(s) wait to be forwarded');
    expect(said).toContain('installing update 1.5.0 at a quiet moment');
  });

  it('drops a downloaded update when IT empties update.url', async () => {
    const l = lane('https://updates.example/lanes/');
    l.state.moment = { queued: 1, saleInProgress: false, idleMs: undefined };
    const updater = new FakeUpdater();
    running = startUpdates(() => Promise.resolve(updater), l.deps);
    await settle();
    updater.emit('update-downloaded', { version: '1.5.0' });
    l.setUrl('');
    await settle();
    l.state.moment = { queued: 0, saleInProgress: false, idleMs: undefined };
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(updater.installs).toEqual([]);
    expect(updater.checks).toBe(1);
  });

  it('keeps the lane running when the feed cannot be reached, an update fails, or the updater cannot load', async () => {
    const l = lane('https://updates.example/lanes/');
    const updater = new FakeUpdater();
    updater.failChecks = true;
    running = startUpdates(() => Promise.resolve(updater), l.deps);
    await settle();
    updater.emit('error', new Error('sha512 checksum mismatch'));
    expect(l.mem.text()).toContain('the update feed could not be read');
    expect(l.mem.text()).toContain('update failed; the app goes on with the version it has');

    const other = lane('https://updates.example/lanes/');
    const stopped = startUpdates(() => Promise.reject(new Error('Cannot find module electron-updater')), other.deps);
    await settle();
    expect(other.mem.text()).toContain('the updater could not be loaded; updates stay with IT');
    stopped.stop();
  });
});

describe('whether the app can install an update by itself', () => {
  it('finds the folder an update writes on each OS, and none for a deb', () => {
    expect(installFolder('win32', 'C:\\Program Files\\Counter POS\\Counter POS.exe', {})).toBe('C:\\Program Files\\Counter POS');
    expect(installFolder('darwin', '/Applications/Counter POS.app/Contents/MacOS/Counter POS', {})).toBe('/Applications');
    expect(installFolder('linux', '/tmp/.mount_CounterXYZ/counter-pos', { APPIMAGE: '/home/it/Apps/Counter POS-0.1.0.AppImage' })).toBe('/home/it/Apps');
    expect(installFolder('linux', '/opt/Counter POS/counter-pos', {})).toBeUndefined();
  });

  it('installs only where it needs nobody: elevated on Windows, a folder its account writes elsewhere, never a deb', () => {
    const probes = (o: { writable?: string[]; elevated?: boolean }) => ({ writable: (dir: string) => (o.writable ?? []).includes(dir), elevated: () => o.elevated ?? false });
    const win = 'C:\\Program Files\\Counter POS';
    // A cashier's account: the per-machine installer would stop at UAC, even in a folder it may write.
    expect(selfInstallProblem('win32', win, probes({ writable: [win] }))).toBe('the app does not run with administrator rights, which the per-machine installer needs');
    expect(selfInstallProblem('win32', win, probes({ elevated: true }))).toBeUndefined();
    expect(selfInstallProblem('darwin', '/Applications', probes({}))).toBe('this account cannot write /Applications without an administrator');
    expect(selfInstallProblem('darwin', '/Applications', probes({ writable: ['/Applications'] }))).toBeUndefined();
    expect(selfInstallProblem('linux', '/home/it/Apps', probes({ writable: ['/home/it/Apps'] }))).toBeUndefined();
    expect(selfInstallProblem('linux', undefined, probes({ elevated: true }))).toMatch(/package manager \(a deb\): IT installs updates with it/);
  });

  it('does not load the updater at all when it could not install, and says why', async () => {
    const l = lane('https://updates.example/lanes/');
    const load = vi.fn(() => Promise.resolve(new FakeUpdater()));
    running = startUpdates(load, { ...l.deps, installProblem: () => 'this account cannot write C:\\Program Files\\Counter POS without an administrator' });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(l.mem.text()).toContain('update.url is set, but this account cannot write');
  });
});
