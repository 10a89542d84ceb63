import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listSerialPorts } from '../../../native/transport/serial-link';

/** The names of this process's children still in the process table (running or not yet reaped). */
function children(): string[] {
  const names: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === process.pid) names.push(stat.slice(stat.indexOf('(') + 1, close));
    } catch {
      // Gone meanwhile.
    }
  }
  return names;
}

describe('listSerialPorts', () => {
  it.runIf(process.platform === 'linux')('answers once the udevadm it ran has exited, leaving no child behind', async () => {
    for (let i = 0; i < 3; i++) {
      const ports = await listSerialPorts();
      expect(Array.isArray(ports)).toBe(true);
      expect(children().filter((name) => name === 'udevadm')).toEqual([]);
    }
  });
});
