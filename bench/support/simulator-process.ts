/**
 * Starts the gateway simulator in a child process (simulator-child.ts, run by the same Node with
 * the same loader flags as this process, i.e. tsx) on a given loopback port.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SimulatorProcess {
  url: string;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./simulator-child.ts', import.meta.url));

export function startSimulatorProcess(port: number): Promise<SimulatorProcess> {
  const child = spawn(process.execPath, [...process.execArgv, CHILD, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill(), 3000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    void exited.then(() => reject(new Error('the simulator process ended before it printed its URL')));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ url: line.trim(), close });
    });
  });
}
