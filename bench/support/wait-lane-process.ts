/** Lanes of payments-wait each in a process of their own (wait-lane-child.ts). */
import { startChild, type ChildProcess } from './simulator-process';
import type { WaitLaneJob } from './wait-lane-child';

export interface LaneResult {
  times: number[];
  failures: string[];
}

export interface WaitLaneProcess {
  /** Begins the job's timed rounds at `at` (Date.now() time) and gives their results. */
  run(at: number): Promise<LaneResult>;
  close(): Promise<void>;
}

const resultOf = (line: string | undefined): LaneResult => {
  try {
    const r = JSON.parse(line ?? '') as Partial<LaneResult>;
    return { times: r.times ?? [], failures: r.failures ?? [] };
  } catch {
    return { times: [], failures: [`the lane process said ${JSON.stringify(line ?? 'nothing')}`] };
  }
};

/** A lane process, once its core is up (or its failure to start as the sale's result). */
export async function startWaitLane(job: WaitLaneJob): Promise<WaitLaneProcess> {
  let child: ChildProcess;
  try {
    child = await startChild('./wait-lane-child.ts', [JSON.stringify(job)]);
  } catch (e) {
    const failure = `the lane process did not start: ${e instanceof Error ? e.message : String(e)}`;
    return { run: async () => ({ times: [], failures: [failure] }), close: async () => {} };
  }
  if (child.line !== 'ready') return { run: async () => resultOf(child.line), close: child.close };
  return {
    async run(at) {
      child.send(String(at));
      return resultOf(await child.next());
    },
    close: child.close,
  };
}
