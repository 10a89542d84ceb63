/**
 * The far side of a benchmark in a process of its own, run by the same Node with the same loader
 * flags as this process (i.e. tsx): its memory, CPU and timers stay out of the process under test,
 * as a real gateway's would. A child prints one line when ready and stops when its stdin closes.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ChildProcess {
  /** The first line the child printed. */
  line: string;
  /** The child's next line (undefined once its output has ended). */
  next: () => Promise<string | undefined>;
  /** Writes one line to the child's stdin. */
  send: (line: string) => void;
  close: () => Promise<void>;
}

export async function startChild(file: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL(file, import.meta.url)), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => child.once('error', reject));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => (await lines.next()).value as string | undefined;
  const close = async (): Promise<void> => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill(), 3000);
    await exited;
    clearTimeout(timer);
  };
  const line = await Promise.race([next(), failed]);
  if (line === undefined) throw new Error(`${file} ended before it printed its first line`);
  return { line: line.trim(), next, send: (l) => child.stdin.write(`${l}\n`), close };
}

export interface SimulatorProcess {
  url: string;
  close(): Promise<void>;
}

/** The gateway simulator (simulator-child.ts) on a given loopback port. */
export async function startSimulatorProcess(port: number): Promise<SimulatorProcess> {
  const child = await startChild('./simulator-child.ts', [String(port)]);
  return { url: child.line, close: child.close };
}

/** The TLS gateway of payments-wait (gateway-far-child.ts): the simulator, its TLS front and a latency proxy per round trip. */
export interface FarGateway {
  /** The simulator itself, plain HTTP, no latency (its own time is measured there). */
  simUrl: string;
  /** The TLS front's self-signed certificate, for the client's CA. */
  cert: string;
  /** The latency proxy's port for each round trip (ms). */
  proxies: Record<string, number>;
  close(): Promise<void>;
}

export async function startFarGateway(rtts: readonly number[]): Promise<FarGateway | undefined> {
  const child = await startChild('./gateway-far-child.ts', [JSON.stringify(rtts)]);
  if (child.line === 'no-openssl') {
    await child.close();
    return undefined;
  }
  const ready = JSON.parse(child.line) as Omit<FarGateway, 'close'>;
  return { ...ready, close: child.close };
}
