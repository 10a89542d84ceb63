import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A small tmpfs mounted on `dir` for the current test (tests run as root here), to make a disk
 * that is full or read-only for real (reference/testing-here.md). Unmounted when the test
 * finishes, also when it fails.
 */
export function tmpfs(dir: string, size = '1m'): { readOnly(): void; fill(): void } {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  onTestFinished(() => {
    execFileSync('umount', ['-l', dir]);
  });
  return {
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir]),
    fill() {
      // Writes smaller and smaller pieces until not even one byte fits: every later write fails (ENOSPC).
      let i = 0;
      for (const size of [64 * 1024, 4096, 512, 1]) {
        const chunk = Buffer.alloc(size, 1);
        for (;;) {
          try {
            writeFileSync(join(dir, `fill-${i++}`), chunk, { flag: 'a' });
          } catch {
            break;
          }
        }
      }
    },
  };
}

/** Overwrites the first 100 bytes of a file (an SQLite header) with garbage. */
export function damageHeader(file: string): void {
  execFileSync('dd', ['if=/dev/urandom', `of=${file}`, 'bs=100', 'count=1', 'conv=notrunc'], { stdio: 'ignore' });
}
