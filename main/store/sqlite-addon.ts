import { createRequire } from 'node:module';

/** True in the code-cached bundles, whose better-sqlite3 JavaScript is bundled (scripts/build.mjs). */
declare const __SQLITE_JS_BUNDLED__: boolean | undefined;

/**
 * The addon option of every better-sqlite3 connection the terminal opens. The program running
 * the terminal may name a build of its own (the desktop app outside a package: Electron's ABI).
 * Otherwise better-sqlite3 finds its addon itself, except in posctl's and the headless start's
 * bundles: there its JavaScript is bundled, loaded through the code cache instead of a dozen files
 * compiled on every start (issue 23), and its own search (the `bindings` package, which starts
 * from the calling file) would look beside the bundle. So the addon is named where the package is.
 */
export function sqliteAddon(nativeBinding?: string): { nativeBinding?: string } {
  if (nativeBinding) return { nativeBinding };
  if (typeof __SQLITE_JS_BUNDLED__ === 'undefined' || !__SQLITE_JS_BUNDLED__) return {};
  return { nativeBinding: createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node') };
}
