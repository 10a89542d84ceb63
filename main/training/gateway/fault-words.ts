import type { TrainingFaultState } from '../../../preload/contract';

/** A training fault in words, for posctl and the log: what the next requests will meet. */
export function describeTrainingFault(fault: TrainingFaultState): string {
  if (fault.kind === 'none') return 'training gateway: no fault set; requests are answered normally';
  const what = {
    unreachable: 'unreachable: connections are refused and nothing is sent (outcome not-sent)',
    slow: `slow: each request is processed, then answered after ${fault.delayMs !== undefined ? `${fault.delayMs} ms` : 'a delay longer than any time-out'} (outcome unknown if the client gives up first)`,
    'http-500': 'HTTP 500: answered with a server error before anything is processed',
    'drop-after': 'drop-after: each request is processed and stored, then the connection is closed without an answer (outcome unknown)',
  }[fault.kind];
  const how = fault.remaining === null ? 'until cleared (posctl gateway training-fault none)' : `for the next ${fault.remaining} request${fault.remaining === 1 ? '' : 's'}`;
  return `training gateway fault set, ${how}: ${what}`;
}
