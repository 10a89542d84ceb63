import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../preload/contract';
import { EventBus } from '../../../main/events/bus';
import { InProcessBus } from '../../../main/events/in-process-bus';

const status: AppStatus = {
  mode: 'training',
  version: '1',
  terminal: { name: 'Lane 1', language: 'en' },
  receipts: { afterApproval: 'ask' },
  gateway: { state: 'training', unencrypted: false },
  devices: [{ id: 'msr', kind: 'msr', name: 'Reader', state: 'error', detail: 'noise ;4111111111111111=3912101?' }],
  queue: { pending: 0, training: 0, needsLookup: 0, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 },
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

describe('EventBus listeners', () => {
  it('run each in its own try/catch: a throwing one stops neither the next listener nor the emit', () => {
    const reported: Array<[unknown, string]> = [];
    const bus = new EventBus((error, eventName) => reported.push([error, eventName]));
    const heard: string[] = [];
    bus.on('status.changed', () => {
      throw new Error('bug in a screen');
    });
    bus.onAny((name) => heard.push(name));
    expect(() => bus.emit('status.changed', status)).not.toThrow();
    expect(heard).toEqual(['status.changed']);
    expect(reported).toEqual([[new Error('bug in a screen'), 'status.changed']]);
  });

  it('stay quiet without a reporter, and survive a reporter that throws', () => {
    const heard: number[] = [];
    for (const bus of [
      new EventBus(),
      new EventBus(() => {
        throw new Error('log closed');
      }),
    ]) {
      bus.onAny(() => {
        throw new Error('bug');
      });
      bus.onAny(() => heard.push(1));
      expect(() => bus.emit('status.changed', status)).not.toThrow();
    }
    expect(heard).toEqual([1, 1]);
  });
});

describe('InProcessBus', () => {
  it('calls every listener past a throwing one, reports it, and stops a listener that asked', () => {
    const bus = new InProcessBus<{ read: [string]; other: [] }>((_e, name) => errors.push(name));
    const heard: string[] = [];
    const errors: string[] = [];
    const off = bus.on('read', () => {
      throw new Error('first');
    });
    bus.on('read', (v) => heard.push(v));
    expect(bus.emit('read', 'a')).toBe(true);
    off();
    expect(bus.emit('read', 'b')).toBe(true);
    expect(heard).toEqual(['a', 'b']);
    expect(errors).toEqual(['read']);
    expect(bus.listenerCount('read')).toBe(1);
    expect(bus.emit('other')).toBe(false);
  });
});
