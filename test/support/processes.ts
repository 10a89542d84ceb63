import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = `${ROOT}dist/`;

export function requireBuild(): void {
  if (!existsSync(`${DIST}headless.js`) || !existsSync(`${DIST}renderer/index.html`)) {
    throw new Error('dist/ is missing: these tests run the built app; run `npm run build` (npm test does it first)');
  }
}

export interface Spawned {
  child: ChildProcessWithoutNullStreams;
  readonly pid: number | undefined;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout match; rejects if the process ends (and its output is read) first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  /** Resolves once the process ended and all of its output was read (`exited` may come before the last lines). */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  write(text: string, end?: boolean): void;
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<number | null>;
}

/** Starts a Node script of the project and collects its output; waits on output, never on time. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv = {}): Spawned {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    waiters.forEach((w) => w());
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  // A child killed before it reads its input must not fail the test with EPIPE.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    waiters.forEach((w) => w());
    resolve(code);
  }));
  let done = false;
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      done = true;
      waiters.forEach((w) => w());
      resolve({ code, signal });
    }),
  );
  return {
    child,
    pid: child.pid,
    stdout: () => out,
    stderr: () => err,
    exited,
    closed,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const m = out.match(pattern);
          if (m) {
            waiters.delete(check);
            resolve(m);
          } else if (done) {
            // Only once closed: the last lines of output may arrive after the exit.
            waiters.delete(check);
            reject(new Error(`process exited before printing ${pattern}\nstdout:\n${out.slice(-2000)}\nstderr:\n${err.slice(-4000)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    write(text, end = false) {
      if (end) child.stdin.end(text);
      else child.stdin.write(text);
    },
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs any program to completion and collects its output (an interop peer, a D-Bus session). */
export function runCommand(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, env ? { env } : {});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a Node script to completion. */
export async function runNode(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = spawnNode(args, options.env);
  if (options.input !== undefined) p.child.stdin.end(options.input);
  else p.child.stdin.end();
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

/** posctl as a technician runs it: the built bin, a data directory. */
export function posctl(dataDir: string, args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  return runNode([`${ROOT}bin/posctl.js`, '--data-dir', dataDir, ...args], options);
}

export type HeadlessAppProcess = Spawned & { url: string; origin: string; token: string };

/** The built headless app on a free port; resolves once it printed its address. */
export async function startHeadlessApp(dataDir: string, extraArgs: string[] = []): Promise<HeadlessAppProcess> {
  requireBuild();
  const p = spawnNode([`${DIST}headless.js`, '--data-dir', dataDir, '--port', '0', ...extraArgs]);
  const m = await p.waitFor(/(http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]+)/);
  return { ...p, url: m[0], origin: m[1] ?? '', token: m[2] ?? '' };
}
