import type { Access, CallContext } from '../api/dispatcher';

/**
 * When something was last done at the counter: the calls a page makes for a person (the
 * dispatcher touches only those, never a page's own polling), over IPC or the loopback
 * WebSocket. posctl is not the counter. Monotonic time: a clock set back does not look like use.
 */
export class CounterActivity {
  private last: number | undefined;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** The same access rules, noting each call made at the counter. */
  watch(access: Access): Access {
    return {
      roleOf: (ctx) => access.roleOf(ctx),
      touch: (ctx: CallContext) => {
        if (ctx.transport === 'ipc' || ctx.transport === 'ws') this.last = this.clock();
        access.touch(ctx);
      },
      refusal: (needed) => access.refusal(needed),
    };
  }

  /** Milliseconds since the last call from the counter, or undefined when there was none. */
  idleMs(): number | undefined {
    return this.last === undefined ? undefined : this.clock() - this.last;
  }
}
