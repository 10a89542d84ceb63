/**
 * Start-up rules of the packaged desktop app, kept apart from Electron so they can be tested.
 * The fuses already refuse ELECTRON_RUN_AS_NODE, NODE_OPTIONS and --inspect; these close the
 * two doors the fuses leave open.
 */

/** Chromium switches that open the running app to another program (a debugger driving the page). */
const REMOTE_DEBUGGING = ['--remote-debugging-port', '--remote-debugging-pipe', '--remote-debugging-address'];

/** Why a packaged app must not start with these arguments, or undefined. A checkout (npm start) may debug. */
export function launchProblem(argv: readonly string[], isPackaged: boolean): string | undefined {
  if (!isPackaged) return undefined;
  const found = argv.find((a) => REMOTE_DEBUGGING.some((s) => a === s || a.startsWith(`${s}=`)));
  return found ? `Counter POS does not start with ${found.split('=')[0]}: remote debugging would let another program read card data from the window` : undefined;
}

/**
 * The better-sqlite3 binary to load instead of the one in node_modules. Only a checkout needs one
 * (npm start builds it for Electron's ABI); a packaged app loads only what it ships, whatever
 * POS_SQLITE_NATIVE_BINDING names, since loading any native file would undo the fuses.
 */
export function sqliteBindingFor(isPackaged: boolean, env: NodeJS.ProcessEnv): string | undefined {
  return isPackaged ? undefined : env.POS_SQLITE_NATIVE_BINDING || undefined;
}
