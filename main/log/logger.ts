import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { openLogFile } from './log-file';
import { redactValue, redactText } from './redact';

export type { Logger } from 'pino';

export interface LoggerOptions {
  level: LevelWithSilent;
  /** A file path (opened with openLogFile), or a stream (an open LogFile, tests, stderr). */
  destination: string | DestinationStream;
  name?: string;
}

/**
 * The structured logger every module gets from the core. Whatever a module passes (message,
 * interpolation arguments, bound fields, errors) goes through the one redactor first.
 */
export function createLogger(options: LoggerOptions): Logger {
  const stream = typeof options.destination === 'string' ? openLogFile(options.destination) : options.destination;
  return redactChildBindings(pino(
    {
      name: options.name ?? 'pos',
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Per-line objects pass formatters.log; child bindings are handled by redactChildBindings.
      formatters: {
        log: (obj) => redactValue(obj) as Record<string, unknown>,
      },
      serializers: { err: (e: unknown) => redactValue(e) },
      hooks: {
        logMethod(args, method) {
          // Keep pino's convention that an Error as first argument lands under `err`.
          const clean = args.map((a: unknown, i) => {
            if (typeof a === 'string') return redactText(a);
            if (i === 0 && a instanceof Error) return { err: redactValue(a) };
            return redactValue(a);
          });
          method.apply(this, clean as Parameters<typeof method>);
        },
      },
    },
    stream,
  ));
}

/**
 * pino serialises a child's bindings once, without passing them through `formatters`: redact them
 * on the way in, for children of children too.
 */
function redactChildBindings(logger: Logger): Logger {
  const child = logger.child.bind(logger) as unknown as (bindings: Bindings, options?: ChildLoggerOptions) => Logger;
  const redactingChild = (bindings: Bindings, options?: ChildLoggerOptions): Logger =>
    redactChildBindings(child(redactValue(bindings) as Bindings, options));
  (logger as { child: unknown }).child = redactingChild;
  return logger;
}
