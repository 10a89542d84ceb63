/**
 * SIGINT and SIGTERM, caught from the first line of the headless start and kept until the app is
 * ready to act on them: a stop asked for while modules load, while the core opens or once the
 * address is printed is never lost, and never ends the process by the signal itself. No imports:
 * this runs before the rest of the app has loaded (main.ts).
 */
export type StopSignalName = 'SIGINT' | 'SIGTERM';

export interface StopSignals {
  /** The first stop asked for, or undefined. */
  requested(): StopSignalName | undefined;
  /** Runs `stop` once, when a stop is asked for, or at once if one already was. */
  onStop(stop: (signal: StopSignalName) => void): void;
}

/** What is listened to: the process, or a stand-in in tests. */
export interface SignalSource {
  on(event: StopSignalName, listener: () => void): unknown;
}

export function catchStopSignals(target: SignalSource = process): StopSignals {
  let requested: StopSignalName | undefined;
  let listener: ((signal: StopSignalName) => void) | undefined;
  const ask = (signal: StopSignalName): void => {
    // A second Ctrl+C while stopping changes nothing: the stop under way closes the files.
    if (requested !== undefined) return;
    requested = signal;
    listener?.(signal);
  };
  target.on('SIGINT', () => ask('SIGINT'));
  target.on('SIGTERM', () => ask('SIGTERM'));
  return {
    requested: () => requested,
    onStop(stop) {
      listener = stop;
      if (requested !== undefined) stop(requested);
    },
  };
}

/**
 * Resolves once the event loop has polled for events since the call: a signal that came while the
 * process was busy (the app's modules load in one synchronous run, main.ts) has then been heard.
 * One turn is not always enough: called from a callback of the loop's poll phase, as an ES
 * module's evaluation is, the first setImmediate runs before the loop polls again.
 */
export async function afterPendingSignals(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}
