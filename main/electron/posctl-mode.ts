/**
 * `counter-pos --posctl <command…>`: the packaged app runs posctl's commands itself, without a
 * window (its run-as-Node fuse is off, so `node bin/posctl.js` is not available on a lane that
 * has only the installed app). Kept apart from Electron so it can be tested.
 */
export const POSCTL_FLAG = '--posctl';

/** posctl's arguments (everything after the first --posctl), or undefined when the app starts as usual. */
export function posctlArgs(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf(POSCTL_FLAG);
  return at < 0 ? undefined : argv.slice(at + 1);
}
