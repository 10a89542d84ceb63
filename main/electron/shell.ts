/**
 * The Electron shell: the thin layer between Electron and the core. Single-instance lock, one
 * hardened window, the renderer served from `app://pos`, the contract bound to ipcMain with a
 * check of the sending frame. It receives Electron as a parameter so its rules can be tested
 * against a fake without an Electron binary.
 */
import type { Reply } from '../../preload/contract';
import { IPC_EVENT, IPC_INVOKE } from '../../preload/bridge';
import type { Core } from '../core';
import { writeFileAtomic } from '../platform/atomic-write';
import type { Platform } from '../platform/platform';
import { contentSecurityPolicy, readStaticFile, SECURITY_HEADERS } from '../transport/static-files';
import { leavePrompt, type MessageBoxLike, type UnloadPreventedEvent } from './leave-prompt';
import { saveFileWithDialog, type SaveDialogLike } from './save-dialog';
import { systemPrinter, type PrintWindowLike, type PrintWindowOptions } from './system-printer';
import { attachWedgeCapture } from './wedge-capture';

export const APP_SCHEME = 'app';
export const APP_HOST = 'pos';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;
/** The renderer talks only over IPC: it may not open any network connection. */
export const RENDERER_CSP = contentSecurityPolicy("'none'");

interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}
interface WebContentsLike {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
  on(event: 'did-start-loading', listener: () => void): void;
  on(event: 'will-prevent-unload', listener: (event: UnloadPreventedEvent) => void): void;
  isDestroyed(): boolean;
}
export interface WindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
  once(event: 'ready-to-show', listener: () => void): void;
  show(): void;
}
export interface IpcEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: FrameLike | null;
}
type PermissionHandler = (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void;

/**
 * The part of the `electron` module the shell uses; the real module satisfies it. `W` is its window
 * type, so the save dialog is given the very window the shell made.
 */
export interface ShellElectron<W extends WindowLike = WindowLike> {
  app: {
    requestSingleInstanceLock(): boolean;
    getPath(name: 'documents'): string;
    quit(): void;
    whenReady(): Promise<void>;
    on(event: 'second-instance' | 'window-all-closed', listener: () => void): unknown;
    on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsLike) => void): unknown;
  };
  /** The terminal window, and the hidden windows receipts are printed from. */
  BrowserWindow: { new (options: WindowOptions): W; new (options: PrintWindowOptions): PrintWindowLike };
  dialog: SaveDialogLike<W> & MessageBoxLike<W>;
  ipcMain: { handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void };
  protocol: {
    registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>): void;
    handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
  };
  session: {
    defaultSession: {
      setPermissionRequestHandler(handler: PermissionHandler | null): void;
      setPermissionCheckHandler(handler: ((...args: unknown[]) => boolean) | null): void;
    };
  };
}

export interface WindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  backgroundColor: string;
  title: string;
  autoHideMenuBar: boolean;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    experimentalFeatures: false;
    webviewTag: false;
    navigateOnDragDrop: false;
    spellcheck: false;
    devTools: boolean;
  };
}

export function windowOptions(preload: string, devTools: boolean): WindowOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    show: false,
    backgroundColor: '#10151c',
    title: 'Counter POS',
    autoHideMenuBar: true,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools,
    },
  };
}

export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Only the main frame of our own window, showing our own page, may call the contract. */
export function isTrustedSender(event: IpcEventLike, window: WindowLike | undefined): boolean {
  if (!window || window.webContents.isDestroyed()) return false;
  const frame = event.senderFrame;
  return event.sender.id === window.webContents.id && frame !== null && frame.parent === null && isAppUrl(frame.url);
}

const FORBIDDEN: Reply = { ok: false, error: { code: 'FORBIDDEN', message: 'calls are accepted only from the terminal window' } };

/** Navigation, new windows and webviews are refused everywhere: the app shows only its own page. */
export function hardenWebContents(contents: WebContentsLike): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const keepHome = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', keepHome);
  contents.on('will-redirect', keepHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export async function serveAppRequest(rendererDir: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
  const file = await readStaticFile(rendererDir, url.pathname);
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: { 'Content-Type': file.contentType, 'Content-Security-Policy': RENDERER_CSP, ...SECURITY_HEADERS },
  });
}

/** What the desktop app adds to the core's Platform: silent printing and the save dialog. */
export type DesktopServices = Required<Pick<Platform, 'hostPrinter' | 'saveFile'>>;

export interface ShellOptions {
  rendererDir: string;
  preloadPath: string;
  devTools: boolean;
  /** Builds the core; its Platform takes the desktop services the shell made. */
  createCore(desktop: DesktopServices): Promise<Core>;
  onFatal(error: unknown): void;
}

export interface Shell {
  /** Resolves once the window is loaded (or at once when another instance owns the lock). */
  readonly ready: Promise<void>;
  window(): WindowLike | undefined;
}

export function runShell<W extends WindowLike>(electron: ShellElectron<W>, options: ShellOptions): Shell {
  const { app } = electron;
  let window: W | undefined;
  let core: Core | undefined;

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { ready: Promise.resolve(), window: () => undefined };
  }

  // Must happen before 'ready': a standard, secure scheme gives the page a real origin without file://.
  electron.protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false } },
  ]);

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  let closing = false;
  app.on('before-quit', (event) => {
    if (!core || closing) return;
    closing = true;
    event.preventDefault();
    void core.close().finally(() => {
      core = undefined;
      app.quit();
    });
  });

  const ready = app.whenReady().then(async () => {
    const { defaultSession } = electron.session;
    defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    defaultSession.setPermissionCheckHandler(() => false);
    electron.protocol.handle(APP_SCHEME, (request) => serveAppRequest(options.rendererDir, request));

    const desktop: DesktopServices = {
      hostPrinter: systemPrinter(electron),
      saveFile: saveFileWithDialog({ dialog: electron.dialog, parent: () => window, folder: () => app.getPath('documents'), write: writeFileAtomic }),
    };
    core = await options.createCore(desktop);
    await core.start();
    const dispatch = core.dispatch;
    let pageLoads = 0;
    let pageConnection = `ipc:${pageLoads}`;
    const log = core.log.child({ module: 'electron-shell' });

    electron.ipcMain.handle(IPC_INVOKE, async (event, method, input) => {
      if (!isTrustedSender(event, window)) {
        log.warn({ url: event.senderFrame?.url }, 'refused a call from a foreign frame');
        return FORBIDDEN;
      }
      return dispatch(method, input, { transport: 'ipc', connection: pageConnection });
    });

    window = new electron.BrowserWindow(windowOptions(options.preloadPath, options.devTools));
    const target = window;
    // A manager session belongs to one page: a reload or a navigation starts a new caller, a cashier.
    target.webContents.on('did-start-loading', () => {
      core?.pageClosed(pageConnection);
      pageConnection = `ipc:${++pageLoads}`;
    });
    // Settings with unsaved changes cancels the page's unload: ask, rather than a window that will not close.
    target.webContents.on('will-prevent-unload', leavePrompt({ dialog: electron.dialog, window: target, language: () => core?.settings.get('terminal.language') ?? 'en', quitting: () => closing }));
    attachWedgeCapture(target.webContents, core.devices, { onProblem: (problem) => log.warn({ problem }, 'wedge capture') });
    core.bus.onAny((name, payload) => {
      if (!target.webContents.isDestroyed()) target.webContents.send(IPC_EVENT, name, payload);
    });
    target.once('ready-to-show', () => target.show());
    await target.loadURL(APP_URL);
  });
  ready.catch((e: unknown) => {
    // A start that failed after the core opened (its services, the window) first lets go of the
    // lane (instance lock, journals, devices): the report then exits while its box is shown.
    const opened = core;
    core = undefined;
    if (!opened) return options.onFatal(e);
    opened.log.error({ err: e }, 'the desktop app could not start');
    void opened.close().catch(() => undefined).finally(() => options.onFatal(e));
  });
  return { ready, window: () => window };
}
