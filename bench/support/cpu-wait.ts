/**
 * How long the process's main thread has waited for a CPU while it could run: preempted by another
 * thread (V8's compiler and collector helpers, a kernel thread), or woken (a sync's end) and not
 * yet running. Linux's per-thread scheduler statistics (/proc/self/task/<pid>/schedstat, its
 * second field, in ns), read outside the timed spans; undefined where the kernel gives none.
 *
 * Why the benches read it (measured 2026-11-28, `perf sched` on the bench's virtual machine): the
 * slowest sales to the wire were the sale's thread sitting runnable for 2-4 ms (up to a 4 ms tick)
 * while a V8 helper it had just woken, or a kernel thread (rcu_preempt, kdamond), ran on its vCPU
 * and the other vCPU idled. That machine shows the kernel no cache topology, so a woken thread is
 * placed on its waker's vCPU rather than an idle one.
 */
import { readFileSync } from 'node:fs';

const FILE = `/proc/self/task/${process.pid}/schedstat`;
let available: boolean | undefined;

/** The main thread's total wait for a CPU so far, in ms; undefined where it cannot be read. */
export function mainThreadCpuWaitMs(): number | undefined {
  if (available === false) return undefined;
  try {
    const waitedNs = Number(readFileSync(FILE, 'latin1').split(' ')[1]);
    available = Number.isFinite(waitedNs);
    return available ? waitedNs / 1e6 : undefined;
  } catch {
    available = false;
    return undefined;
  }
}
