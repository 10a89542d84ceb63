/**
 * Start-up rules of the packaged desktop app, kept apart from Electron so they can be tested.
 * The fuses already refuse ELECTRON_RUN_AS_NODE, NODE_OPTIONS and --inspect; these close the
 * two doors the fuses leave open.
 */

/**
 * Chromium switches that open the running app to another program (a debugger driving the page):
 * every `remote-debugging-*` (port, pipe, address and the like).
 */
const REMOTE_DEBUGGING = 'remote-debugging';

export interface LaunchOptions {
  /** process.platform: on Windows, Chromium also takes `/switch` and ignores the case of names. */
  platform?: NodeJS.Platform;
  /** Electron's own reading of its command line (app.commandLine.hasSwitch), asked as well. */
  hasSwitch?: (name: string) => boolean;
}

/**
 * The switch an argument gives Chromium, as Chromium reads it (base/command_line): `--name`,
 * `-name` (and `/name` on Windows), the value after `=` left out, lower-cased (Windows ignores
 * case; elsewhere an upper-cased name is refused too, which costs nothing). Undefined for a value.
 */
export function switchOf(arg: string, platform: NodeJS.Platform = process.platform): string | undefined {
  const prefix = arg.startsWith('--') ? 2 : arg.startsWith('-') || (platform === 'win32' && arg.startsWith('/')) ? 1 : 0;
  if (prefix === 0) return undefined;
  const name = arg.slice(prefix).split('=')[0]?.toLowerCase() ?? '';
  return name === '' ? undefined : name;
}

/** Why a packaged app must not start with these arguments, or undefined. A checkout (npm start) may debug. */
export function launchProblem(argv: readonly string[], isPackaged: boolean, options: LaunchOptions = {}): string | undefined {
  if (!isPackaged) return undefined;
  let found: string | undefined;
  for (const arg of argv.slice(1)) {
    // Chromium reads no switch after a bare `--`.
    if (arg === '--') break;
    const name = switchOf(arg, options.platform);
    if (name?.startsWith(REMOTE_DEBUGGING)) {
      found = name;
      break;
    }
  }
  found ??= ['remote-debugging-port', 'remote-debugging-pipe', 'remote-debugging-address'].find((name) => options.hasSwitch?.(name));
  return found ? `Counter POS does not start with --${found}: remote debugging would let another program read card data from the window` : undefined;
}

/**
 * The better-sqlite3 binary to load instead of the one in node_modules. Only a checkout needs one
 * (npm start builds it for Electron's ABI); a packaged app loads only what it ships, whatever
 * POS_SQLITE_NATIVE_BINDING names, since loading any native file would undo the fuses.
 */
export function sqliteBindingFor(isPackaged: boolean, env: NodeJS.ProcessEnv): string | undefined {
  return isPackaged ? undefined : env.POS_SQLITE_NATIVE_BINDING || undefined;
}
