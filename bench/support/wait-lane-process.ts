/**
 * Lanes of payments-wait each in a process of its own (wait-lane-child.ts), run by the same Node
 * with the same loader flags as this process (i.e. tsx).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { WaitLaneJob } from './wait-lane-child';

export interface LaneResult {
  times: number[];
  failures: string[];
}

export interface WaitLaneProcess {
  /** Tenders at `at` (Date.now() time), swipes the job's time later, and gives the sale's result. */
  sale(at: number): Promise<LaneResult>;
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
  const file = fileURLToPath(new URL('./wait-lane-child.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, file, JSON.stringify(job)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => (await lines.next()).value as string | undefined;
  const first = await next();
  const close = async (): Promise<void> => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill(), 5000);
    await exited;
    clearTimeout(timer);
  };
  if (first !== 'ready') return { sale: async () => resultOf(first), close };
  return {
    async sale(at) {
      child.stdin.write(`${at}\n`);
      return resultOf(await next());
    },
    close,
  };
}
