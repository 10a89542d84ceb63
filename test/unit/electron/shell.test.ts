import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IPC_EVENT, IPC_INVOKE } from '../../../preload/bridge';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import {
  APP_URL,
  RENDERER_CSP,
  runShell,
  type DesktopServices,
  type IpcEventLike,
  type ShellElectron,
  type WindowLike,
  type WindowOptions,
} from '../../../main/electron/shell';
import type { MessageBoxOptions } from '../../../main/electron/leave-prompt';
import type { SaveDialogOptions } from '../../../main/electron/save-dialog';
import type { PrintWindowLike, PrintWindowOptions, SilentPrintOptions } from '../../../main/electron/system-printer';

type Listener = (...args: never[]) => unknown;

/** A fake of the few Electron APIs the shell uses, recording what the shell asked of them. */
function fakeElectron(options: { lock?: boolean } = {}) {
  const appListeners = new Map<string, Listener[]>();
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>>();
  const windows: FakeWindow[] = [];
  const contentsListeners = new Map<string, Listener>();
  let protocolHandler: ((r: Request) => Promise<Response>) | undefined;
  let permissionHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | null = null;
  let permissionCheck: ((...args: unknown[]) => boolean) | null = null;
  let openHandler: ((d: { url: string }) => { action: string }) | undefined;
  const privileged: Array<{ scheme: string; privileges: Record<string, boolean> }> = [];
  const quit = vi.fn();
  const saveDialogs: Array<{ parent: unknown; options: SaveDialogOptions }> = [];
  const questions: Array<{ parent: unknown; options: MessageBoxOptions }> = [];
  const answer = { button: 0 };

  class FakeWindow implements WindowLike, PrintWindowLike {
    readonly options: WindowOptions | PrintWindowOptions;
    loaded: string | undefined;
    sent: unknown[][] = [];
    printed: SilentPrintOptions | undefined;
    destroyed = false;
    readonly listeners = new Map<string, Listener>();
    readonly webContents = {
      id: 7,
      send: (...args: unknown[]) => void this.sent.push(args),
      setWindowOpenHandler: () => undefined,
      on: (event: string, listener: Listener) => void this.listeners.set(event, listener),
      isDestroyed: () => false,
      getPrintersAsync: () => Promise.resolve([{ name: 'Receipt_80mm' }]),
      print: (options: SilentPrintOptions, done: (success: boolean, reason: string) => void) => {
        this.printed = options;
        done(true, '');
      },
    };
    constructor(opts: WindowOptions | PrintWindowOptions) {
      this.options = opts;
      windows.push(this);
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    isMinimized = () => false;
    restore = () => undefined;
    focus = vi.fn();
    once = () => undefined;
    show = () => undefined;
    isDestroyed = () => this.destroyed;
    destroy = () => void (this.destroyed = true);
  }

  const electron: ShellElectron = {
    app: {
      requestSingleInstanceLock: () => options.lock ?? true,
      getPath: () => '/home/lane/Documents',
      quit,
      whenReady: () => Promise.resolve(),
      on: (event: string, listener: Listener) => {
        appListeners.set(event, [...(appListeners.get(event) ?? []), listener]);
        return undefined;
      },
    },
    BrowserWindow: FakeWindow,
    dialog: {
      showSaveDialog: (...args: [WindowLike, SaveDialogOptions] | [SaveDialogOptions]) => {
        saveDialogs.push(args.length === 2 ? { parent: args[0], options: args[1] } : { parent: undefined, options: args[0] });
        return Promise.resolve({ canceled: true, filePath: '' });
      },
      showMessageBoxSync: (parent: WindowLike, options: MessageBoxOptions) => {
        questions.push({ parent, options });
        return answer.button;
      },
    },
    ipcMain: { handle: (channel, listener) => void handlers.set(channel, listener) },
    protocol: {
      registerSchemesAsPrivileged: (schemes) => void privileged.push(...schemes),
      handle: (_scheme, handler) => void (protocolHandler = handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h) => void (permissionHandler = h),
        setPermissionCheckHandler: (h) => void (permissionCheck = h),
      },
    },
  };

  const contents = {
    setWindowOpenHandler: (h: (d: { url: string }) => { action: string }) => void (openHandler = h),
    on: (event: string, l: Listener) => void contentsListeners.set(event, l),
  };

  return {
    electron,
    quit,
    windows,
    saveDialogs,
    questions,
    answer,
    handlers,
    privileged,
    appListeners,
    fireWebContentsCreated: () => appListeners.get('web-contents-created')?.forEach((l) => (l as (e: unknown, c: unknown) => void)({}, contents)),
    contentsListeners,
    openHandler: () => openHandler,
    protocolHandler: () => protocolHandler,
    permission: () => ({ request: permissionHandler, check: permissionCheck }),
  };
}

// What a test made is closed and removed after it: a lane's database and keys do not pile up in /tmp.
const made: { cores: Core[]; dirs: string[] } = { cores: [], dirs: [] };

afterEach(async () => {
  const { cores, dirs } = made;
  made.cores = [];
  made.dirs = [];
  for (const core of cores) if (core.db.open) await core.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function makeCore(): Promise<Core> {
  const dir = mkdtempSync(join(tmpdir(), 'pos-shell-'));
  made.dirs.push(dir);
  const core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'electron', dataDir: dir, version: '9.9.9' }));
  made.cores.push(core);
  return core;
}

function rendererDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pos-renderer-'));
  made.dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  return dir;
}

describe('Electron shell', () => {
  it('quits at once when another instance holds the lock, creating nothing', async () => {
    const fake = fakeElectron({ lock: false });
    const createCoreSpy = vi.fn(makeCore);
    const shell = runShell(fake.electron, { rendererDir: '/none', preloadPath: '/p.cjs', devTools: false, createCore: createCoreSpy, onFatal: vi.fn() });
    await shell.ready;
    expect(fake.quit).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
    expect(createCoreSpy).not.toHaveBeenCalled();
  });

  it('opens one window with isolation, sandbox, no Node and the preload', async () => {
    const fake = fakeElectron();
    const shell = runShell(fake.electron, { rendererDir: rendererDir(), preloadPath: '/x/preload.cjs', devTools: false, createCore: makeCore, onFatal: vi.fn() });
    await shell.ready;
    expect(fake.windows).toHaveLength(1);
    const prefs = fake.windows[0]!.options.webPreferences;
    expect(prefs).toMatchObject({
      preload: '/x/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
    expect(fake.windows[0]!.loaded).toBe(APP_URL);
    expect(fake.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) as unknown }]);
  });

  it('serves the renderer from app:// with a strict CSP and refuses paths outside it', async () => {
    const fake = fakeElectron();
    await runShell(fake.electron, { rendererDir: rendererDir(), preloadPath: '/p.cjs', devTools: false, createCore: makeCore, onFatal: vi.fn() }).ready;
    const handler = fake.protocolHandler()!;
    const ok = await handler(new Request('app://pos/index.html'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(RENDERER_CSP).toContain("connect-src 'none'");
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).not.toContain('unsafe');
    expect((await handler(new Request('app://pos/..%2F..%2Fetc%2Fhosts.txt'))).status).toBe(404);
    expect((await handler(new Request('app://other/index.html'))).status).toBe(404);
  });

  it('denies new windows, foreign navigation, webviews and every permission', async () => {
    const fake = fakeElectron();
    await runShell(fake.electron, { rendererDir: rendererDir(), preloadPath: '/p.cjs', devTools: false, createCore: makeCore, onFatal: vi.fn() }).ready;
    fake.fireWebContentsCreated();
    expect(fake.openHandler()!({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    const nav = fake.contentsListeners.get('will-navigate') as (e: { preventDefault(): void }, url: string) => void;
    const prevent = vi.fn();
    nav({ preventDefault: prevent }, 'https://evil.example/');
    expect(prevent).toHaveBeenCalledTimes(1);
    nav({ preventDefault: prevent }, 'app://pos/index.html');
    expect(prevent).toHaveBeenCalledTimes(1);
    const webview = fake.contentsListeners.get('will-attach-webview') as (e: { preventDefault(): void }) => void;
    webview({ preventDefault: prevent });
    expect(prevent).toHaveBeenCalledTimes(2);
    expect(fake.contentsListeners.has('will-redirect')).toBe(true);
    const { request, check } = fake.permission();
    const granted = vi.fn();
    request!({}, 'media', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(check!({}, 'clipboard-read')).toBe(false);
  });

  it('binds the contract to ipcMain and refuses senders other than its own main frame', async () => {
    const fake = fakeElectron();
    await runShell(fake.electron, { rendererDir: rendererDir(), preloadPath: '/p.cjs', devTools: false, createCore: makeCore, onFatal: vi.fn() }).ready;
    const invoke = fake.handlers.get(IPC_INVOKE)!;
    expect(invoke).toBeDefined();
    const main = { url: 'app://pos/index.html', parent: null };
    const good: IpcEventLike = { sender: { id: 7 }, senderFrame: main };
    expect(await invoke(good, 'app.status', {})).toMatchObject({ ok: true, value: { mode: 'training', version: '9.9.9' } });
    expect(await invoke(good, 'app.status', { x: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });

    const refused = [
      { sender: { id: 8 }, senderFrame: main },
      { sender: { id: 7 }, senderFrame: { url: 'app://pos/index.html', parent: main } },
      { sender: { id: 7 }, senderFrame: { url: 'https://evil.example/', parent: null } },
      { sender: { id: 7 }, senderFrame: { url: 'file:///etc/passwd', parent: null } },
      { sender: { id: 7 }, senderFrame: null },
    ];
    for (const event of refused) {
      expect(await invoke(event, 'app.status', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
  });

  it('forwards core events to the window and focuses it on a second launch', async () => {
    const fake = fakeElectron();
    let core: Core | undefined;
    await runShell(fake.electron, {
      rendererDir: rendererDir(),
      preloadPath: '/p.cjs',
      devTools: false,
      createCore: async () => (core = await makeCore()),
      onFatal: vi.fn(),
    }).ready;
    core!.settings.set('terminal.name', 'Lane 5');
    expect(fake.windows[0]!.sent).toEqual([[IPC_EVENT, 'status.changed', expect.objectContaining({ terminal: { name: 'Lane 5', language: 'en' } })]]);
    fake.appListeners.get('second-instance')?.forEach((l) => (l)());
    expect(fake.windows[0]!.focus).toHaveBeenCalled();
  });

  it('asks over the window, in the terminal’s language, before a page with unsaved changes is closed or reloaded; a quit asked of the app is not held', async () => {
    const fake = fakeElectron();
    let core: Core | undefined;
    await runShell(fake.electron, { rendererDir: rendererDir(), preloadPath: '/p.cjs', devTools: false, createCore: async () => (core = await makeCore()), onFatal: vi.fn() }).ready;
    const terminal = fake.windows[0]!;
    const unloadPrevented = (): boolean => {
      const event = { preventDefault: vi.fn() };
      (terminal.listeners.get('will-prevent-unload') as (e: typeof event) => void)(event);
      return event.preventDefault.mock.calls.length > 0;
    };
    // Stay (the default, and Esc) keeps the window and the changes; Leave lets the unload go ahead.
    fake.answer.button = 0;
    expect(unloadPrevented()).toBe(false);
    fake.answer.button = 1;
    expect(unloadPrevented()).toBe(true);
    expect(fake.questions[0]).toMatchObject({ parent: terminal, options: { message: 'Leave without saving your changes?', buttons: ['Stay', 'Leave'], defaultId: 0, cancelId: 0 } });
    core!.settings.set('terminal.language', 'fr');
    unloadPrevented();
    expect(fake.questions[2]?.options).toMatchObject({ message: 'Quitter sans enregistrer vos changements?', buttons: ['Rester', 'Quitter'] });

    fake.answer.button = 0;
    fake.appListeners.get('before-quit')?.forEach((l) => (l as (e: { preventDefault(): void }) => void)({ preventDefault: () => undefined }));
    expect(unloadPrevented()).toBe(true);
    expect(fake.questions).toHaveLength(3);
  });

  it("gives the core's Platform silent printing from hidden windows and a save dialog over the terminal window", async () => {
    const fake = fakeElectron();
    let desktop: DesktopServices | undefined;
    await runShell(fake.electron, {
      rendererDir: rendererDir(),
      preloadPath: '/p.cjs',
      devTools: false,
      createCore: (services) => {
        desktop = services;
        return makeCore();
      },
      onFatal: vi.fn(),
    }).ready;
    const terminal = fake.windows[0];
    await desktop!.hostPrinter.printLines(['TOTAL 12.34'], { printerName: 'Receipt_80mm', title: 'Receipt' });
    const printWindow = fake.windows[1]!;
    expect(printWindow.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, javascript: false });
    expect(printWindow.printed).toMatchObject({ silent: true, deviceName: 'Receipt_80mm' });
    expect(printWindow.destroyed).toBe(true);
    expect(terminal?.destroyed).toBe(false);

    expect(await desktop!.saveFile({ defaultName: 'payments-training-2030-03-01.csv', content: 'a,b\r\n' })).toEqual({ saved: false });
    expect(fake.saveDialogs).toEqual([
      { parent: terminal, options: { defaultPath: join('/home/lane/Documents', 'payments-training-2030-03-01.csv'), filters: [{ name: 'CSV', extensions: ['csv'] }] } },
    ]);
  });

  it('closes a core whose services fail to start before reporting, so the lane is not left locked', async () => {
    const fake = fakeElectron();
    let core: Core | undefined;
    const reported = new Promise<unknown>((resolve) => {
      runShell(fake.electron, {
        rendererDir: rendererDir(),
        preloadPath: '/p.cjs',
        devTools: false,
        createCore: async () => {
          core = await makeCore();
          core.start = () => Promise.reject(new Error('the devices could not start'));
          return core;
        },
        onFatal: resolve,
      });
    });
    expect(await reported).toMatchObject({ message: 'the devices could not start' });
    // Closed: its database answers no more.
    expect(() => core?.db.prepare('SELECT 1').get()).toThrow(/not open/);
    expect(fake.windows).toHaveLength(0);
  });

  it('reports a core that cannot start instead of crashing', async () => {
    const fake = fakeElectron();
    const onFatal = vi.fn();
    const shell = runShell(fake.electron, {
      rendererDir: rendererDir(),
      preloadPath: '/p.cjs',
      devTools: false,
      createCore: () => Promise.reject(new Error('database is from a newer version')),
      onFatal,
    });
    await expect(shell.ready).rejects.toThrow();
    expect(onFatal).toHaveBeenCalledWith(expect.objectContaining({ message: 'database is from a newer version' }));
    expect(fake.windows).toHaveLength(0);
  });
});
