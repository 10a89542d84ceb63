import { describe, expect, it, vi } from 'vitest';
import { launchProblem } from '../../../main/electron/launch-guard';
import { reportPosctlFailure, reportStartFailure, START_FAILURE_TITLE, type StartFailureElectron } from '../../../main/electron/start-failure';

/** The app and dialog parts of Electron, recording the order things happened in. */
function fakeElectron() {
  const events: string[] = [];
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  const boxes: Array<{ title: string; content: string }> = [];
  const electron: StartFailureElectron = {
    app: { whenReady: () => whenReady, exit: (code) => void events.push(`exit ${code}`) },
    dialog: {
      showErrorBox: (title, content) => {
        boxes.push({ title, content });
        events.push('box');
      },
    },
  };
  return { electron, events, boxes, ready: () => ready() };
}

describe('reportStartFailure', () => {
  it('logs, then shows the reason in a window once the app is ready, then exits 2', async () => {
    const fake = fakeElectron();
    const log = vi.fn((m: string) => void fake.events.push(`log ${m}`));
    const done = reportStartFailure(fake.electron, new Error('/var/lib/counter-pos/terminal.sqlite was written by a newer version'), { log });
    await Promise.resolve();
    // Before 'ready' a box on Linux would only reach standard error: nothing is shown yet.
    expect(fake.events).toEqual(['log /var/lib/counter-pos/terminal.sqlite was written by a newer version']);
    fake.ready();
    await done;
    expect(fake.events).toEqual([expect.stringMatching(/^log /) as unknown, 'box', 'exit 2']);
    expect(fake.boxes).toEqual([{ title: START_FAILURE_TITLE, content: expect.stringMatching(/newer version\n\nAsk the technician to look at the terminal log/) as unknown }]);
  });

  it('shows a launch-guard refusal the same way', async () => {
    const fake = fakeElectron();
    fake.ready();
    const refused = launchProblem(['/opt/Counter POS/counter-pos', '--remote-debugging-port=9222'], true);
    await reportStartFailure(fake.electron, refused);
    expect(fake.boxes[0]?.content).toMatch(/does not start with --remote-debugging-port/);
    expect(fake.events.at(-1)).toBe('exit 2');
  });

  it('never shows card data an error quotes, and still shows the box when the log cannot be written', async () => {
    const fake = fakeElectron();
    fake.ready();
    const stderr = vi.fn();
    await reportStartFailure(fake.electron, 'cannot parse 4111111111111111 from the journal', {
      log: () => {
        throw new Error('disk full');
      },
      stderr,
    });
    expect(fake.boxes[0]?.content).not.toContain('4111111111111111');
    expect(fake.boxes[0]?.content).toContain('…1111');
    expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/^Counter POS could not start: cannot parse \[PAN …1111\]/));
    expect(fake.events).toEqual(['box', 'exit 2']);
  });
});

describe('reportPosctlFailure', () => {
  it('writes to standard error and the log and exits 2, with no window for an unattended script', () => {
    const exit = vi.fn();
    const stderr = vi.fn();
    const log = vi.fn();
    reportPosctlFailure(new Error('cannot load better-sqlite3'), { exit, stderr, log });
    expect(stderr).toHaveBeenCalledWith('posctl: cannot load better-sqlite3\n');
    expect(log).toHaveBeenCalledWith('posctl mode: cannot load better-sqlite3');
    expect(exit).toHaveBeenCalledWith(2);
  });
});
