import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { catchStopSignals } from '../../../main/headless/stop-signals';

describe('catchStopSignals', () => {
  it('keeps a stop asked for before anyone listens, and hands it over once', () => {
    const target = new EventEmitter();
    const signals = catchStopSignals(target);
    expect(signals.requested()).toBeUndefined();
    target.emit('SIGTERM');
    target.emit('SIGINT'); // a second stop changes nothing
    expect(signals.requested()).toBe('SIGTERM');
    const seen: string[] = [];
    signals.onStop((s) => seen.push(s));
    target.emit('SIGINT');
    expect(seen).toEqual(['SIGTERM']);
  });

  it('tells a listener of the first stop when it comes', () => {
    const target = new EventEmitter();
    const signals = catchStopSignals(target);
    const seen: string[] = [];
    signals.onStop((s) => seen.push(s));
    expect(seen).toEqual([]);
    target.emit('SIGINT');
    target.emit('SIGTERM');
    expect(seen).toEqual(['SIGINT']);
  });
});
