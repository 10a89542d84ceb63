import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface PtyPair {
  /** The app's end. */
  readonly a: string;
  /** The simulator's end. */
  readonly b: string;
  /** Kills socat: both links vanish, like a cable pulled. */
  kill(): Promise<void>;
  /** Starts socat again with the same link names (the cable plugged back); resolves once both links exist. */
  start(): Promise<void>;
}

/**
 * A real pseudo-terminal pair from socat (`pty,raw,echo=0,link=…` twice). Readiness is taken from
 * socat's own log line, then checked on disk; the pair is killed by the caller.
 */
export async function ptyPair(dir: string, name = 'pty'): Promise<PtyPair> {
  const a = join(dir, `${name}-a`);
  const b = join(dir, `${name}-b`);
  let child: ChildProcess | undefined;
  const start = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const p = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: ['ignore', 'ignore', 'pipe'] });
      child = p;
      let log = '';
      p.stderr?.on('data', (d: Buffer) => {
        log += d.toString();
        // socat -d -d logs this once both ptys exist and it relays between them.
        if (/starting data transfer loop/.test(log)) {
          if (existsSync(a) && existsSync(b)) resolve();
          else reject(new Error(`socat started but the links are missing\n${log}`));
        }
      });
      p.once('exit', (code) => reject(new Error(`socat exited (${code}) before it was ready\n${log}`)));
      p.once('error', reject);
    });
  const kill = async (): Promise<void> => {
    const p = child;
    child = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => p.once('exit', () => resolve()));
    p.kill('SIGTERM');
    await exited;
  };
  await start();
  return { a, b, kill, start };
}
