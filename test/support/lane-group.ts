import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANE_GROUP } from '../../main/platform/data-dir';
import { groupIdOf, linuxKeyFolder } from '../../main/platform/machine-key-linux';
import type { MachineProtection } from '../../main/platform/machine-key';
import { tempDir } from './tmp';

export const isRoot = process.getuid?.() === 0;

/**
 * The id of the lane group `counter-pos`, made (as the deb's after-install does) when this machine
 * has none: the machine key files belong to it. Needs root; it is left in place, as the deb leaves it.
 */
export function laneGroupId(): number {
  const existing = groupIdOf(LANE_GROUP);
  if (existing !== undefined) return existing;
  try {
    execFileSync('groupadd', ['--system', LANE_GROUP], { stdio: 'pipe' });
  } catch (e) {
    // Another test file made it meanwhile.
    if (groupIdOf(LANE_GROUP) === undefined) throw e;
  }
  const made = groupIdOf(LANE_GROUP);
  if (made === undefined) throw new Error(`the group ${LANE_GROUP} could not be made`);
  return made;
}

/**
 * A machine: its own machine key folder (a temporary one standing for /etc/counter-pos, made
 * 0750 root:counter-pos by prepare(), as the after-install makes the real one), and the protection
 * a machine-wide lane on it gets. `prepared: false` leaves the folder unmade.
 */
export function machineWith(options: { prepared?: boolean; isRoot?: () => boolean } = {}): { dir: string; protection: MachineProtection } {
  const parent = tempDir('pos-machine-');
  // Other accounts (setpriv) must reach the folder; the folder itself lets only the group in.
  chmodSync(parent, 0o755);
  const dir = join(parent, 'counter-pos');
  if (options.prepared !== false) {
    laneGroupId();
    linuxKeyFolder({ dir }).prepare();
  }
  const protector = linuxKeyFolder({ dir, ...(options.isRoot ? { isRoot: options.isRoot } : {}) });
  return { dir, protection: { protector, forNewKeys: true } };
}

/** A machine-wide lane's data folder as the deb makes it: 2770 with the lane group. */
export function laneFolder(): string {
  const parent = tempDir('pos-lane-');
  chmodSync(parent, 0o755);
  const lane = join(parent, 'counter-pos');
  mkdirSync(lane);
  execFileSync('chgrp', [String(laneGroupId()), lane]);
  chmodSync(lane, 0o2770);
  return lane;
}
