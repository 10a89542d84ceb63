import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../preload/contract';
import { describeStatus } from '../../../main/cli/commands/status';
import { clockWords, gatewayWords, queueWords } from '../../../main/status/words';

const queue: AppStatus['queue'] = { pending: 4, training: 1, needsLookup: 2, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 };
const status: AppStatus = {
  mode: 'training',
  version: '1.0.0',
  terminal: { name: 'Lane 1', language: 'en' },
  receipts: { afterApproval: 'ask' },
  gateway: { state: 'training', unencrypted: false },
  devices: [],
  queue,
  problems: [],
};

/** A moment of this machine's day, so the expectations hold in any time zone. */
const at = (hours: number, minutes: number, day = 25): Date => new Date(2026, 10, day, hours, minutes);

describe('posctl status words', () => {
  it('says since when the gateway fails: the time today, the date too on another day', () => {
    expect(clockWords(at(13, 4).toISOString(), at(15, 0))).toBe('1:04 PM');
    expect(clockWords(at(13, 4, 24).toISOString(), at(9, 0))).toBe('Nov 24, 1:04 PM');
    expect(gatewayWords({ state: 'training', unencrypted: false, offlineSince: at(13, 4).toISOString() }, at(13, 30))).toBe('training, offline since 1:04 PM (no answer at the last attempt)');
    expect(gatewayWords({ state: 'online', unencrypted: true }, at(13, 30))).toBe('online (UNENCRYPTED: plain http to this machine)');
  });

  it('counts the queue of the mode shown, as the screens do', () => {
    expect(queueWords(status)).toBe('1 training offline payment(s) waiting to be forwarded');
    expect(queueWords({ ...status, mode: 'live' })).toBe('4 offline payment(s) waiting to be forwarded; 2 to look up, 0 declined after sending (a manager decides)');
  });

  it('prints both in the status', () => {
    const text = describeStatus({ ...status, gateway: { ...status.gateway, offlineSince: at(13, 4).toISOString() } }, '/data', undefined, [], at(14, 0));
    expect(text).toContain('Gateway   training, offline since 1:04 PM');
    expect(text).toContain('Queue     1 training offline payment(s)');
  });
});
