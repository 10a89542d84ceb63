import { afterEach, describe, expect, it, vi } from 'vitest';
import { escapeHtml, systemPrinter, type PrinterElectron, type PrintWindowLike, type PrintWindowOptions, type SilentPrintOptions } from '../../../main/electron/system-printer';

type PrintCallback = (success: boolean, failureReason: string) => void;

/** A fake of the BrowserWindow the printer uses: records what was asked, answers as told. */
function fakeElectron(answer: { printers?: string[]; print?: (cb: PrintCallback) => void; loadFails?: boolean } = {}) {
  const windows: FakeWindow[] = [];
  class FakeWindow implements PrintWindowLike {
    readonly options: PrintWindowOptions;
    url: string | undefined;
    printed: SilentPrintOptions | undefined;
    destroyed = 0;
    readonly listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
    readonly webContents = {
      getPrintersAsync: () => Promise.resolve((answer.printers ?? ['Receipt_80mm', 'Office']).map((name) => ({ name, displayName: name.replace('_', ' ') }))),
      print: (options: SilentPrintOptions, cb: PrintCallback) => {
        this.printed = options;
        (answer.print ?? ((done) => done(true, '')))(cb);
      },
      setWindowOpenHandler: (h: (d: { url: string }) => { action: 'deny' }) => void (this.openHandler = h),
      on: (event: string, l: (event: { preventDefault(): void }) => void) => void this.listeners.set(event, l),
    };
    constructor(options: PrintWindowOptions) {
      this.options = options;
      windows.push(this);
    }
    loadURL(url: string) {
      this.url = url;
      return answer.loadFails ? Promise.reject(new Error('ERR_ABORTED')) : Promise.resolve();
    }
    isDestroyed = () => this.destroyed > 0;
    destroy = () => void this.destroyed++;
  }
  const electron: PrinterElectron = { BrowserWindow: FakeWindow };
  return { electron, windows };
}

const page = (url: string | undefined): string => decodeURIComponent((url ?? '').replace(/^data:text\/html;charset=utf-8,/, ''));

afterEach(() => {
  vi.useRealTimers();
});

describe('the system printer', () => {
  it('prints from a hidden window that can only show text: sandboxed, isolated, no preload, no JavaScript, no navigation', async () => {
    const fake = fakeElectron();
    await systemPrinter(fake.electron).printLines(['RECEIPT'], { printerName: '', title: 'Receipt' });
    const w = fake.windows[0]!;
    expect(w.options.show).toBe(false);
    expect(w.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, javascript: false, nodeIntegration: false, webviewTag: false, devTools: false });
    expect('preload' in w.options.webPreferences).toBe(false);
    expect(w.openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect']) {
      const prevent = vi.fn();
      w.listeners.get(event)?.({ preventDefault: prevent });
      expect(prevent, event).toHaveBeenCalled();
    }
    expect(page(w.url)).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('shows the lines as monospaced text, every character escaped', async () => {
    const fake = fakeElectron();
    const lines = ['ACME <b>HARDWARE</b>', 'Tom & Jerry\'s "shop"', '<script>alert(1)</script>', '  TOTAL        12.34'];
    await systemPrinter(fake.electron).printLines(lines, { printerName: '', title: 'Receipt <1>' });
    const html = page(fake.windows[0]?.url);
    expect(html).toContain('<pre>ACME &lt;b&gt;HARDWARE&lt;/b&gt;\nTom &amp; Jerry&#39;s &quot;shop&quot;\n&lt;script&gt;alert(1)&lt;/script&gt;\n  TOTAL        12.34</pre>');
    expect(html).toContain('<title>Receipt &lt;1&gt;</title>');
    expect(html).toMatch(/pre\{[^}]*monospace/);
    expect(html).not.toContain('<script>');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('prints silently to the printer named, or to the default with an empty name, and destroys the window', async () => {
    const fake = fakeElectron();
    const printer = systemPrinter(fake.electron);
    await printer.printLines(['A'], { printerName: 'Receipt_80mm', title: 'Receipt' });
    await printer.printLines(['B'], { printerName: '', title: 'Receipt' });
    expect(fake.windows.map((w) => w.printed)).toEqual([
      { silent: true, deviceName: 'Receipt_80mm', printBackground: false, margins: { marginType: 'printableArea' } },
      { silent: true, deviceName: '', printBackground: false, margins: { marginType: 'printableArea' } },
    ]);
    expect(fake.windows.map((w) => w.destroyed)).toEqual([1, 1]);
  });

  it('refuses a printer the system does not list, naming those it has, before loading anything', async () => {
    const fake = fakeElectron();
    await expect(systemPrinter(fake.electron).printLines(['A'], { printerName: 'Receipt 80mm', title: 'Receipt' })).rejects.toThrow(
      'The receipt was not printed: there is no printer named "Receipt 80mm" on this PC. The printers on this PC are: Receipt_80mm, Office. Choose one of them in Settings, or leave the name empty for the default printer.',
    );
    expect(fake.windows[0]).toMatchObject({ url: undefined, printed: undefined, destroyed: 1 });
  });

  it('says so when the system has no printer at all', async () => {
    const fake = fakeElectron({ printers: [] });
    await expect(systemPrinter(fake.electron).printLines(['A'], { printerName: '', title: 'Receipt' })).rejects.toThrow(/no printer is installed on this PC/);
    expect(fake.windows[0]?.destroyed).toBe(1);
  });

  it("turns the print callback's failure into words, and destroys the window", async () => {
    for (const [reason, words] of [
      ['Print job failed', 'the printer refused the job'],
      ['Print job canceled', 'the print job was cancelled'],
      ['Invalid printer settings', "the printer's settings were refused"],
      ['', 'the printer refused the job'],
    ] as const) {
      const fake = fakeElectron({ print: (done) => done(false, reason) });
      await expect(systemPrinter(fake.electron).printLines(['A'], { printerName: '', title: 'Receipt' })).rejects.toThrow(
        `The receipt was not printed: ${words}. Check that the printer is on, has paper and is not paused, then print again.`,
      );
      expect(fake.windows[0]?.destroyed, reason).toBe(1);
    }
  });

  it('destroys the window when the page does not load', async () => {
    const fake = fakeElectron({ loadFails: true });
    await expect(systemPrinter(fake.electron).printLines(['A'], { printerName: '', title: 'Receipt' })).rejects.toThrow();
    expect(fake.windows[0]).toMatchObject({ printed: undefined, destroyed: 1 });
  });

  it('gives up on a printer that never answers, and destroys the window', async () => {
    vi.useFakeTimers();
    const fake = fakeElectron({ print: () => undefined });
    const printing = systemPrinter(fake.electron, { timeoutMs: 60_000 }).printLines(['A'], { printerName: '', title: 'Receipt' });
    const outcome = expect(printing).rejects.toThrow('The receipt was not printed: the printer did not answer within a minute. Check that it is on and connected, then print again.');
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
    expect(fake.windows[0]?.destroyed).toBe(1);
  });
});
