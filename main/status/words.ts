import { shownQueue, type AppStatus, type Mode, type StatusProblem } from '../../preload/contract';

/** The terminal's mode as the headless start and posctl print it. */
export function modeWords(mode: Mode): string {
  return mode === 'training' ? 'TRAINING mode (no usable live gateway credentials)' : 'LIVE mode';
}

/** One problem of the status as a line of text (the screens show the same in their own way). */
export function problemLine(p: StatusProblem): string {
  return `${p.severity === 'error' ? 'PROBLEM' : 'warning'}: ${p.message}`;
}

/** A moment of today as its time ("1:04 PM"), of another day with its date ("Nov 24, 1:04 PM"), in this machine's time zone. */
export function clockWords(iso: string, now: Date): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  // Some ICU versions put a narrow no-break space before PM: a terminal shows a plain one.
  return at.toLocaleString('en-US', { ...(sameDay ? {} : { month: 'short', day: 'numeric' }), hour: 'numeric', minute: '2-digit' }).replace(/\u202f/g, ' ');
}

/** The gateway as posctl says it: its state, since when it fails to answer, whether it is encrypted. */
export function gatewayWords(g: AppStatus['gateway'], now: Date): string {
  const since = g.offlineSince ? `, offline since ${clockWords(g.offlineSince, now)} (no answer at the last attempt)` : '';
  return `${g.state}${since}${g.unencrypted ? ' (UNENCRYPTED: plain http to this machine)' : ''}`;
}

/** What waits, counted as the Offline queue screen counts it (the mode shown). */
export function queueWords(s: Pick<AppStatus, 'mode' | 'queue'>): string {
  const q = shownQueue(s);
  const decide = q.needsLookup + q.attention > 0 ? `; ${q.needsLookup} to look up, ${q.attention} declined after sending (a manager decides)` : '';
  return `${q.pending} ${s.mode === 'training' ? 'training ' : ''}offline payment(s) waiting to be forwarded${decide}`;
}
