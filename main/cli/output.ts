/** Exit codes of posctl (public interface: scripts and other checks rely on them). */
export const EXIT = {
  OK: 0,
  /** A negative business outcome: declined, rejected. */
  NEGATIVE: 1,
  /** Usage error, invalid input, refusal, or failure. */
  ERROR: 2,
} as const;

export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.ERROR,
  ) {
    super(message);
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}
