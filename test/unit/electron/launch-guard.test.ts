import { describe, expect, it } from 'vitest';
import { launchProblem, sqliteBindingFor } from '../../../main/electron/launch-guard';

describe('launchProblem', () => {
  it('refuses remote debugging in a packaged app, in every spelling', () => {
    for (const arg of ['--remote-debugging-port=9222', '--remote-debugging-port', '--remote-debugging-pipe', '--remote-debugging-address=0.0.0.0']) {
      expect(launchProblem(['/opt/Counter POS/counter-pos', arg], true), arg).toMatch(/does not start with --remote-debugging/);
    }
  });

  it('refuses the spellings Chromium also reads: one dash, any case, a slash on Windows, and any remote-debugging switch', () => {
    for (const arg of ['-remote-debugging-port=9222', '-remote-debugging-pipe', '--REMOTE-DEBUGGING-PORT=9222', '-Remote-Debugging-Address=0.0.0.0', '--remote-debugging-io-pipes=3,4']) {
      expect(launchProblem(['/opt/Counter POS/counter-pos', arg], true, { platform: 'linux' }), arg).toMatch(/does not start with --remote-debugging/);
    }
    expect(launchProblem(['C:\\Counter POS\\Counter POS.exe', '/remote-debugging-port=9222'], true, { platform: 'win32' })).toMatch(/--remote-debugging-port/);
    // On Linux `/remote-…` is a path, not a switch.
    expect(launchProblem(['/opt/Counter POS/counter-pos', '/remote-debugging-port=9222'], true, { platform: 'linux' })).toBeUndefined();
  });

  it('asks Electron too, and reads no switch after a bare --', () => {
    expect(launchProblem(['/opt/Counter POS/counter-pos'], true, { hasSwitch: (name) => name === 'remote-debugging-pipe' })).toMatch(/--remote-debugging-pipe/);
    expect(launchProblem(['/opt/Counter POS/counter-pos', '--', '--remote-debugging-port=9222'], true, { platform: 'linux' })).toBeUndefined();
    // The program's own path is not a switch, whatever it is called.
    expect(launchProblem(['-remote-debugging-port'], true, { platform: 'linux' })).toBeUndefined();
  });

  it('lets a packaged app start with ordinary arguments, and a checkout debug', () => {
    expect(launchProblem(['/opt/Counter POS/counter-pos', '--data-dir=/var/lib/lane'], true)).toBeUndefined();
    expect(launchProblem(['electron', '.', '--remote-debugging-port=9222'], false)).toBeUndefined();
  });
});

describe('sqliteBindingFor', () => {
  it('ignores POS_SQLITE_NATIVE_BINDING in a packaged app: it loads only what it ships', () => {
    expect(sqliteBindingFor(true, { POS_SQLITE_NATIVE_BINDING: '/tmp/evil.node' })).toBeUndefined();
  });

  it('uses the Electron build of a checkout (npm start)', () => {
    expect(sqliteBindingFor(false, { POS_SQLITE_NATIVE_BINDING: '/repo/.cache/electron-native/b.node' })).toBe('/repo/.cache/electron-native/b.node');
    expect(sqliteBindingFor(false, {})).toBeUndefined();
  });
});
