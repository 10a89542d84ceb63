import type { Logger } from 'pino';
import type { DayReport, Mode, ReceiptPrinted } from '../../preload/contract';
import type { Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import type { SettingsStore } from '../config/settings-store';
import type { DeviceManager } from '../devices/device-manager';
import type { Ledger } from '../payments/ledger';
import type { HostPrinter } from '../platform/platform';
import { routeReceipt } from '../receipts/route';
import type { Cashiers } from '../roles/cashiers';
import type { JournalStore } from '../payments/journal/journal';
import { reportCsv, reportFileName, reportLines } from './lines';
import { linesPdf } from './pdf';
import { DayReports } from './service';

export interface ReportsDomainDeps {
  settings: SettingsStore;
  log: Logger;
  mode: () => Mode;
  now: () => Date;
  /** The `day-close` key derived from the terminal key, undefined where it does not open. */
  markKey?: () => Buffer | undefined;
  /** Payments' recovery of rows a stopped process left in flight (see DayReportsDeps). */
  recoverAbandoned?: (mode: Mode) => void;
  existingJournal: (mode: Mode) => JournalStore | undefined;
  journal: (mode: Mode) => JournalStore;
  ledger: Ledger;
  devices: DeviceManager;
  cashiers: Pick<Cashiers, 'current'>;
  hostPrinter: HostPrinter | undefined;
}

type ReportMethod = 'report.day' | 'report.close' | 'report.get' | 'report.closed' | 'report.lines' | 'report.print' | 'report.csv' | 'report.pdf';

export interface ReportsDomain {
  reports: DayReports;
  lines(date: string, columns: 42 | 32, mode?: Mode, cashier?: string): string[];
  pdf(date: string, columns: 42 | 32, mode?: Mode, cashier?: string): { filename: string; pdf: Buffer };
  handlers: Pick<Handlers, ReportMethod>;
}

/** The day's report, its close and its printing (where receipts print: main/receipts/route.ts). */
export function createReportsDomain(deps: ReportsDomainDeps): ReportsDomain {
  const log = deps.log.child({ module: 'reports' });
  const reports = new DayReports({ mode: deps.mode, existingJournal: deps.existingJournal, journal: deps.journal, ledger: deps.ledger, now: deps.now, ...(deps.markKey ? { markKey: deps.markKey } : {}), ...(deps.recoverAbandoned ? { recoverAbandoned: deps.recoverAbandoned } : {}) });
  const text = (report: DayReport, columns: 42 | 32): string[] => reportLines(report, { columns, name: deps.settings.get('terminal.name'), language: deps.settings.get('terminal.language') });
  const lines = (date: string, columns: 42 | 32, mode = deps.mode(), cashier?: string): string[] => text(reports.day(date, mode, cashier), columns);

  const pdf = (date: string, columns: 42 | 32, mode = deps.mode(), cashier?: string): { filename: string; pdf: Buffer } => {
    const report = reports.day(date, mode, cashier);
    return { filename: `${reportFileName(report)}.pdf`, pdf: linesPdf(text(report, columns), reportFileName(report)) };
  };

  async function print(date: string, columns: 42 | 32, mode: Mode | undefined, cashier: string | undefined): Promise<ReceiptPrinted> {
    const printout = lines(date, columns, mode, cashier);
    const lane = deps.devices.configuredPrinter();
    const sim = deps.mode() === 'training' ? deps.devices.simulatedPrinter() : undefined;
    const route = routeReceipt({ choice: deps.settings.get('receipts.printer'), lanePrinter: lane, simulatedPrinter: sim ? { id: sim.id, name: sim.name } : undefined, systemPrinter: deps.hostPrinter !== undefined });
    switch (route.to) {
      case 'nowhere':
        throw new PosError('UNAVAILABLE', route.why);
      case 'browser':
        return { printedOn: 'browser', printer: null };
      case 'system': {
        const printerName = deps.settings.get('receipts.systemPrinter');
        try {
          await deps.hostPrinter?.printLines(printout, { printerName, title: `Day report ${date}` });
        } catch (e) {
          throw new PosError('UNAVAILABLE', `The day's report did not print: ${e instanceof Error ? e.message : String(e)}`);
        }
        log.info({ date, printer: printerName || '(default)' }, 'day report sent to the system printer');
        return { printedOn: 'system', printer: printerName === '' ? null : printerName };
      }
      case 'device': {
        const claim = deps.devices.claims.printer(`the day report of ${date}`, route.printer.id);
        try {
          await claim.device.print(printout);
          log.info({ date, device: claim.device.id }, 'day report printed');
          return { printedOn: 'device', printer: claim.device.name };
        } finally {
          claim.release();
        }
      }
    }
  }

  return {
    reports,
    lines,
    pdf,
    handlers: {
      'report.day': ({ date, mode, cashier }) => reports.day(date, mode, cashier),
      'report.close': ({ date, mode, confirm }, ctx) => reports.close(date, { confirm: confirm === true, closedBy: deps.cashiers.current(ctx)?.number ?? null, ...(mode ? { mode } : {}) }),
      'report.get': ({ date, mode }) => reports.get(date, mode),
      'report.closed': ({ limit, mode }) => reports.closed(limit, mode),
      'report.lines': ({ date, columns, mode, cashier }) => lines(date, columns, mode, cashier),
      'report.print': ({ date, columns, mode, cashier }) => print(date, columns, mode, cashier),
      'report.csv': ({ date, mode, cashier }) => reportCsv(reports.day(date, mode, cashier)),
      'report.pdf': ({ date, columns, mode, cashier }) => {
        const file = pdf(date, columns, mode, cashier);
        return { filename: file.filename, base64: file.pdf.toString('base64') };
      },
    },
  };
}
