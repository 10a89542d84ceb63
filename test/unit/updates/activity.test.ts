import { describe, expect, it } from 'vitest';
import type { Access, CallContext } from '../../../main/api/dispatcher';
import { CounterActivity } from '../../../main/updates/activity';

function access(): Access & { touched: CallContext[] } {
  const touched: CallContext[] = [];
  return { touched, roleOf: (ctx) => (ctx.transport === 'cli' ? 'technician' : 'cashier'), touch: (ctx) => void touched.push(ctx), refusal: (n) => `needs ${n}` };
}

describe('CounterActivity', () => {
  it('notes calls from the counter\'s page, not from posctl, and keeps the access rules as they are', () => {
    let now = 1_000;
    const activity = new CounterActivity(() => now);
    const inner = access();
    const watched = activity.watch(inner);
    expect(activity.idleMs()).toBeUndefined();

    watched.touch({ transport: 'cli' });
    expect(activity.idleMs()).toBeUndefined();
    watched.touch({ transport: 'ws', connection: 'ws:1' });
    now = 4_000;
    expect(activity.idleMs()).toBe(3_000);
    watched.touch({ transport: 'ipc', connection: 'ipc:0' });
    expect(activity.idleMs()).toBe(0);

    expect(inner.touched.map((c) => c.transport)).toEqual(['cli', 'ws', 'ipc']);
    expect(watched.roleOf({ transport: 'cli' })).toBe('technician');
    expect(watched.refusal('manager')).toBe('needs manager');
  });
});
