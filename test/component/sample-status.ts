import type { AppStatus, StatusProblem } from '../../preload/contract';

/** A terminal's status for a screen under test: live, online, nothing waiting, no problem; `patch` changes what the test is about. */
export function sampleStatus(patch: Partial<AppStatus> = {}): AppStatus {
  return {
    mode: 'live',
    version: '1.0.0',
    terminal: { name: 'Lane 4', language: 'en' },
    receipts: { afterApproval: 'ask' },
    gateway: { state: 'online', unencrypted: false },
    devices: [],
    queue: { pending: 0, training: 0, needsLookup: 0, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 },
    problems: [],
    ...patch,
  };
}

/** A problem as main lists it: a technician's unless the test says otherwise, its detail its message. */
export function sampleProblem(patch: Partial<StatusProblem> & Pick<StatusProblem, 'code'>): StatusProblem {
  const message = patch.message ?? 'what is wrong and what to do';
  return { severity: 'warning', audience: 'technician', message, detail: message, ...patch };
}

/** Today at `hours`:`minutes` in this machine's time zone, as main sends a moment (ISO 8601). */
export function todayAt(hours: number, minutes: number): string {
  const d = new Date();
  d.setHours(hours, minutes, 0, 0);
  return d.toISOString();
}
