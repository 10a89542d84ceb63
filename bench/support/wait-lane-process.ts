/** Lanes of payments-wait each in a process of their own (wait-lane-child.ts). */
import { startChild, type ChildProcess } from './simulator-process';
import type { WaitLaneJob, WaitLaneSchedule, WaitLaneTally } from './wait-lane-child';

export type LaneResult = WaitLaneTally;

export interface WaitLaneProcess {
  /** Makes the schedule's timed rounds and gives their results (a lane can be given several in turn). */
  run(schedule: WaitLaneSchedule): Promise<LaneResult>;
  close(): Promise<void>;
}

/** A result with no sale, only why. */
const failedWith = (failure: string): LaneResult => ({ times: [], failures: [failure], floor: { times: [], failures: [] } });

/** A floor's rounds as the lane printed them, with what is missing taken as none. */
const roundsOf = (t: Partial<LaneResult['floor']> | undefined): LaneResult['floor'] => ({ times: t?.times ?? [], failures: t?.failures ?? [] });

const resultOf = (line: string | undefined): LaneResult => {
  try {
    const r = JSON.parse(line ?? '') as Partial<LaneResult>;
    return {
      times: r.times ?? [],
      failures: r.failures ?? [],
      ...(r.stages ? { stages: r.stages } : {}),
      ...(r.slowest ? { slowest: r.slowest } : {}),
      floor: roundsOf(r.floor),
      ...(r.floorAfterWait ? { floorAfterWait: roundsOf(r.floorAfterWait) } : {}),
    };
  } catch {
    return failedWith(`the lane process said ${JSON.stringify(line ?? 'nothing')}`);
  }
};

/** A lane process, once its core is up (or its failure to start as every schedule's result). */
export async function startWaitLane(job: WaitLaneJob): Promise<WaitLaneProcess> {
  let child: ChildProcess;
  try {
    child = await startChild('./wait-lane-child.ts', [JSON.stringify(job)]);
  } catch (e) {
    const failure = failedWith(`the lane process did not start: ${e instanceof Error ? e.message : String(e)}`);
    return { run: async () => failure, close: async () => {} };
  }
  if (child.line !== 'ready') return { run: async () => resultOf(child.line), close: child.close };
  return {
    async run(schedule) {
      child.send(JSON.stringify(schedule));
      return resultOf(await child.next());
    },
    close: child.close,
  };
}
