/**
 * What the desktop app does when it cannot start. Nobody reads a console at a counter: the
 * cashier sees a window saying why and what to do, the log keeps a line for the technician, and
 * the app exits with code 2. Kept apart from Electron (it receives the parts it uses) so every
 * path is tested without an Electron binary.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openLogFile } from '../log/log-file';
import { createLogger } from '../log/logger';
import { redactText } from '../log/redact';

export const START_FAILURE_TITLE = 'Counter POS could not start';

/** The parts of Electron a start failure uses; the real module satisfies it. */
export interface StartFailureElectron {
  app: { whenReady(): Promise<unknown>; exit(code: number): void };
  dialog: { showErrorBox(title: string, content: string): void };
}

export interface StartFailureOptions {
  /** Writes one line to the terminal's log (startupLog), when the data directory is known. */
  log?: (message: string) => void;
  /** A copy for whoever started the app from a terminal. */
  stderr?: (text: string) => void;
}

function messageOf(error: unknown): string {
  // The message may quote a file or a value: it passes the redactor like everything shown.
  return redactText(error instanceof Error ? error.message : String(error), 'data');
}

function safely(fn: (() => void) | undefined): void {
  try {
    fn?.();
  } catch {
    /* a report that cannot be logged is still shown */
  }
}

/**
 * The window, the log line, exit 2. The window waits for the app to be ready: before that, on
 * Linux, Electron writes the box to standard error only, which nobody at a counter sees.
 */
export async function reportStartFailure(electron: StartFailureElectron, error: unknown, options: StartFailureOptions = {}): Promise<void> {
  const message = messageOf(error);
  safely(() => options.log?.(message));
  safely(() => options.stderr?.(`${START_FAILURE_TITLE}: ${message}\n`));
  await electron.app.whenReady().catch(() => undefined);
  safely(() => electron.dialog.showErrorBox(START_FAILURE_TITLE, `${message}\n\nAsk the technician to look at the terminal log. The app will now close.`));
  electron.app.exit(2);
}

/**
 * `counter-pos --posctl …` that fails before posctl could answer: standard error, the log, exit 2,
 * and no window. Scripts run this mode unattended (the installer asks it whether payments are
 * waiting): a modal box would hang them with nobody to close it.
 */
export function reportPosctlFailure(error: unknown, parts: { exit(code: number): void } & StartFailureOptions): void {
  const message = messageOf(error);
  safely(() => parts.log?.(`posctl mode: ${message}`));
  safely(() => parts.stderr?.(`posctl: ${message}\n`));
  parts.exit(2);
}

/**
 * One line in `<data dir>/logs/pos.log` through the redacting logger, for a start that never
 * reached the core. Only into a data directory that exists: a missing machine-wide folder is the
 * installer's to make, with its permissions, never this report's.
 */
export function startupLog(dataDir: string): (message: string) => void {
  return (message) => {
    if (!existsSync(dataDir)) return;
    const file = openLogFile(join(dataDir, 'logs', 'pos.log'));
    try {
      createLogger({ level: 'info', destination: file, name: 'pos' }).fatal({ host: 'electron' }, `the desktop app could not start: ${message}`);
    } finally {
      file.close();
    }
  };
}
