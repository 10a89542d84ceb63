import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../preload/contract';
import { emitIsolated, EventBus } from '../../../main/events/bus';

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

describe('emitIsolated', () => {
  it('calls every listener of an EventEmitter past a throwing one, and takes once listeners off', () => {
    const emitter = new EventEmitter();
    const heard: string[] = [];
    const errors: string[] = [];
    emitter.once('read', () => {
      throw new Error('first');
    });
    emitter.on('read', (v: string) => heard.push(v));
    expect(emitIsolated(emitter, 'read', ['a'], (_e, name) => errors.push(name))).toBe(true);
    expect(emitIsolated(emitter, 'read', ['b'], (_e, name) => errors.push(name))).toBe(true);
    expect(heard).toEqual(['a', 'b']);
    expect(errors).toEqual(['read']);
    expect(emitIsolated(emitter, 'other', [], () => undefined)).toBe(false);
  });
});
