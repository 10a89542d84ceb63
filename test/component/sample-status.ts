import type { AppStatus } from '../../preload/contract';

/** A terminal's status for a screen under test: live, online, nothing waiting, no problem; `patch` changes what the test is about. */
export function sampleStatus(patch: Partial<AppStatus> = {}): AppStatus {
  return {
    mode: 'live',
    version: '1.0.0',
    terminal: { name: 'Lane 4', language: 'en' },
    gateway: { state: 'online', unencrypted: false },
    devices: [],
    queue: { pending: 0, training: 0, needsLookup: 0, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 },
    problems: [],
    ...patch,
  };
}
