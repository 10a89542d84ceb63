import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../preload/contract';
import { EventBus } from '../../../main/events/bus';

const status: AppStatus = {
  mode: 'training',
  version: '1',
  terminal: { name: 'Lane 1' },
  gateway: { state: 'training', unencrypted: false },
  devices: [{ id: 'msr', kind: 'msr', name: 'Reader', state: 'error', detail: 'noise ;4111111111111111=3912101?' }],
  queue: { pending: 0 },
  problems: [],
};

describe('EventBus', () => {
  it('hands listeners the payload checked and with every string redacted', () => {
    const bus = new EventBus();
    const seen: unknown[] = [];
    bus.onAny((_name, payload) => seen.push(payload));
    bus.emit('status.changed', status);
    expect(JSON.stringify(seen)).not.toContain('4111111111111111');
    expect(seen[0]).toMatchObject({ devices: [{ detail: 'noise [TRACK2]' }] });
  });
});
