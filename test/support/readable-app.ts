import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { requireBuild, ROOT } from './processes';

interface LockFile {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
}

/** The packages the built app loads at run time: package-lock.json's entries that are not for development. */
function runtimePackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
  return Object.entries(lock.packages)
    .filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev && !entry.devOptional)
    .map(([path]) => path)
    .filter((path) => existsSync(join(ROOT, path)));
}

export interface ReadableApp {
  /** The folder of the copy: package.json, bin/, dist/ and the run-time node_modules. */
  readonly dir: string;
  /** bin/posctl.js of the copy. */
  readonly posctl: string;
  remove(): void;
}

/**
 * The built app copied where every account can read it, for tests that run it as another account
 * (setpriv). The checkout may sit under a folder those accounts cannot enter (/root/…, 0700), and a
 * link back into it would be just as closed to them: the files themselves are copied (symbolic
 * links in node_modules followed), folders made 0755 and files readable by all. Made once per test
 * file (beforeAll); the caller removes it (afterAll).
 */
export function readableApp(): ReadableApp {
  requireBuild();
  const dir = mkdtempSync(join(tmpdir(), 'pos-app-'));
  // mkdtemp makes the folder 0700: the other accounts must be able to walk into it.
  chmodSync(dir, 0o755);
  for (const path of ['package.json', 'bin', 'dist', ...runtimePackages()]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    cpSync(join(ROOT, path), join(dir, path), { recursive: true, dereference: true });
  }
  // A checkout made with a strict umask has files only its owner may read.
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  return { dir, posctl: join(dir, 'bin', 'posctl.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
