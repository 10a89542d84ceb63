/**
 * Silent printing to the operating system's printers, for the desktop app (Platform.hostPrinter).
 * Each receipt gets its own hidden window that can do nothing but show text: sandboxed, isolated,
 * no preload, JavaScript off, no navigation, no network (its CSP). The window is destroyed after
 * every print, whatever happened.
 */
import { printableText } from '../../native/protocol/printable';
import type { HostPrinter } from '../platform/platform';

/** How long a print may take before the window is given up (a driver that never answers). */
const PRINT_TIMEOUT_MS = 60_000;

export interface PrintWindowOptions {
  show: false;
  width: number;
  height: number;
  title: string;
  webPreferences: {
    contextIsolation: true;
    sandbox: true;
    javascript: false;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    navigateOnDragDrop: false;
    spellcheck: false;
    devTools: false;
  };
}

/** The options of Electron's `webContents.print` the printer sets. */
export interface SilentPrintOptions {
  silent: true;
  deviceName: string;
  printBackground: false;
  margins: { marginType: 'printableArea' };
}

/** The part of Electron's BrowserWindow the printer uses. */
export interface PrintWindowLike {
  readonly webContents: {
    getPrintersAsync(): Promise<ReadonlyArray<{ name: string; displayName?: string }>>;
    print(options: SilentPrintOptions, callback: (success: boolean, failureReason: string) => void): void;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
    on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }) => void): unknown;
  };
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  destroy(): void;
}

export interface PrinterElectron {
  BrowserWindow: new (options: PrintWindowOptions) => PrintWindowLike;
}

export function printWindowOptions(title: string): PrintWindowOptions {
  return {
    show: false,
    width: 420,
    height: 800,
    title,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      javascript: false,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    },
  };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The page shown: the lines as monospaced text, sized so 40 columns fit a receipt roll or a sheet. */
export function receiptPage(lines: readonly string[], title: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    // Nothing may load: the page is text and one inline style.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(title)}</title>`,
    '<style>html,body{margin:0;background:#fff;color:#000}pre{margin:0;font:min(11pt,4vw)/1.25 monospace;white-space:pre}</style>',
    // Each line as printable text (no line break or control character from data), then escaped.
    `</head><body><pre>${lines.map((line) => escapeHtml(printableText(line))).join('\n')}</pre></body></html>`,
  ].join('');
}

export function receiptDataUrl(lines: readonly string[], title: string): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(receiptPage(lines, title))}`;
}

/** Chromium's failure reasons ("Print job failed", …) in the app's words; anything else said plainly. */
function failureWords(reason: string): string {
  const r = reason.toLowerCase();
  if (r.includes('cancel')) return 'the print job was cancelled';
  if (r.includes('invalid printer settings')) return "the printer's settings were refused";
  return 'the printer refused the job';
}

function printerWords(printers: ReadonlyArray<{ name: string }>): string {
  return printers.length === 0 ? 'No printer is installed on this PC.' : `The printers on this PC are: ${printers.map((p) => p.name).join(', ')}.`;
}

/** A HostPrinter on Electron; `timeoutMs` only for tests. */
export function systemPrinter(electron: PrinterElectron, options: { timeoutMs?: number } = {}): HostPrinter {
  const timeoutMs = options.timeoutMs ?? PRINT_TIMEOUT_MS;
  return {
    async printLines(lines, { printerName, title }) {
      const window = new electron.BrowserWindow(printWindowOptions(title));
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const contents = window.webContents;
        contents.setWindowOpenHandler(() => ({ action: 'deny' }));
        contents.on('will-navigate', (event) => event.preventDefault());
        contents.on('will-redirect', (event) => event.preventDefault());
        const printers = await contents.getPrintersAsync();
        if (printers.length === 0) throw new Error(`The receipt was not printed: no printer is installed on this PC. Install one in the operating system, or choose the receipt printer in Settings.`);
        if (printerName !== '' && !printers.some((p) => p.name === printerName)) {
          throw new Error(`The receipt was not printed: there is no printer named "${printerName}" on this PC. ${printerWords(printers)} Choose one of them in Settings, or leave the name empty for the default printer.`);
        }
        await window.loadURL(receiptDataUrl(lines, title));
        await new Promise<void>((resolve, reject) => {
          timer = setTimeout(() => reject(new Error('The receipt was not printed: the printer did not answer within a minute. Check that it is on and connected, then print again.')), timeoutMs);
          contents.print({ silent: true, deviceName: printerName, printBackground: false, margins: { marginType: 'printableArea' } }, (success, failureReason) => {
            if (success) resolve();
            else reject(new Error(`The receipt was not printed: ${failureWords(failureReason)}. Check that the printer is on, has paper and is not paused, then print again.`));
          });
        });
      } finally {
        clearTimeout(timer);
        if (!window.isDestroyed()) window.destroy();
      }
    },
  };
}
