/**
 * Where a receipt prints, from `receipts.printer` and what this lane has. Pure.
 *
 * `auto`: the lane's ESC/POS printer (devices.list) → the operating system's printer (the desktop
 * app) → in training, the simulated printer → the browser's print dialog. `device`: the lane's
 * printer, else (training) the simulated one, else refused. `system`: the OS printer; on a page
 * with none (the headless start) the browser's dialog, which reaches the same printers. `browser`:
 * always the dialog.
 */
export type PrinterChoice = 'auto' | 'device' | 'system' | 'browser';

export interface RouteFacts {
  choice: PrinterChoice;
  /** The lane's configured and enabled receipt printer. */
  lanePrinter: { id: string; name: string } | undefined;
  /** Training mode's simulated printer (undefined when live). */
  simulatedPrinter: { id: string; name: string } | undefined;
  /** The host offers the OS printers (the desktop app). */
  systemPrinter: boolean;
}

export type Route =
  | { to: 'device'; printer: { id: string; name: string } }
  | { to: 'system' }
  | { to: 'browser' }
  | { to: 'nowhere'; why: string };

export function routeReceipt(f: RouteFacts): Route {
  const device = f.lanePrinter ?? f.simulatedPrinter;
  switch (f.choice) {
    case 'browser':
      return { to: 'browser' };
    case 'system':
      return f.systemPrinter ? { to: 'system' } : { to: 'browser' };
    case 'device':
      return device
        ? { to: 'device', printer: device }
        : { to: 'nowhere', why: 'Receipts are set to print on a receipt printer, but none is set up on this lane. Ask the technician to add it, or set receipts to print on the system printer.' };
    case 'auto':
      if (f.lanePrinter) return { to: 'device', printer: f.lanePrinter };
      if (f.systemPrinter) return { to: 'system' };
      if (f.simulatedPrinter) return { to: 'device', printer: f.simulatedPrinter };
      return { to: 'browser' };
  }
}
