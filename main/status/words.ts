import type { Mode, StatusProblem } from '../../preload/contract';

/** The terminal's mode as the headless start and posctl print it. */
export function modeWords(mode: Mode): string {
  return mode === 'training' ? 'TRAINING mode (no usable live gateway credentials)' : 'LIVE mode';
}

/** One problem of the status as a line of text (the screens show the same in their own way). */
export function problemLine(p: StatusProblem): string {
  return `${p.severity === 'error' ? 'PROBLEM' : 'warning'}: ${p.message}`;
}
