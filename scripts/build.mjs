#!/usr/bin/env node
// Builds everything the app runs from: main-process bundles with esbuild (dependencies stay in
// node_modules: native modules cannot be bundled), the sandboxed preload as one CommonJS file,
// and the renderer with Vite.
import { build as esbuild, stop as stopEsbuild } from 'esbuild';
import { lazyBuiltins } from './lazy-builtins.mjs';
import { lazyWorkerThreads } from './lazy-worker-threads.mjs';
import { build as viteBuild } from 'vite';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const quiet = process.argv.includes('--quiet');
const started = Date.now();

// Build into a fresh folder and swap it in at the end, so a running app or test run that is
// reading dist/ never sees it half-written or missing.
const dist = new URL('../dist', import.meta.url).pathname;
const next = `${dist}.next-${process.pid}`;
const old = `${dist}.old-${process.pid}`;
rmSync(next, { recursive: true, force: true });

// Stopped (Ctrl+C, or a stop start.mjs passes on): the half-built folder goes, dist/ stays as it
// was. The swap at the end is synchronous, so a stop lands before it or after it, never inside.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.resolve(stopEsbuild()).finally(() => {
      rmSync(next, { recursive: true, force: true });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  });
}

// Dependencies stay in node_modules (native modules cannot be bundled), except the pure JavaScript
// ones every start loads: bundled, zod costs a start half of what its hundred files cost to resolve
// and load one by one, pino (with sonic-boom and its serializers) and commander a few ms less.
// Their CommonJS `require`s of Node's modules go through the `require` the banner makes.
const BUNDLED = new Set(['zod', 'fast-xml-parser', 'pino', 'commander']);
/** Node's CommonJS wrapper around the code-cached bundles: as COMMONJS_HEAD and COMMONJS_TAIL in main/platform/code-cache.ts (the start tests hold the two alike). */
const COMMONJS_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const COMMONJS_TAIL = '\n})';
const requireBanner = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

// zod, tree-shaken. The sources use it as `z.member` (import { z } from 'zod'), a namespace
// esbuild cannot trim: every locale and the JSON Schema tools would load with every start. The
// bundles get a `z` made of the members the sources name, as named imports esbuild trims
// (names that are only types, such as z.infer, are not among zod's values and drop out).
const root = new URL('..', import.meta.url).pathname;
function zodMembers() {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) for (const m of readFileSync(path, 'utf8').matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) names.add(m[1]);
    }
  };
  for (const dir of ['main', 'native', 'preload']) walk(join(root, dir));
  return [...names].sort();
}
const { z: zodValues } = await import('zod');
const leanZod = {
  name: 'lean-zod',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, (args) => (args.namespace === 'lean-zod' ? undefined : { path: 'zod', namespace: 'lean-zod' }));
    build.onLoad({ filter: /.*/, namespace: 'lean-zod' }, () => {
      const members = zodMembers().filter((name) => name in zodValues);
      return {
        contents: `import { ${members.map((m, i) => `${m} as m${i}`).join(', ')} } from 'zod';\nexport const z = { ${members.map((m, i) => `${m}: m${i}`).join(', ')} };\n`,
        resolveDir: root,
      };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [leanZod],
};

// A failed build leaves nothing behind (a stray folder would be linted and shipped by mistake).
const failed = (error) => {
  rmSync(next, { recursive: true, force: true });
  throw error;
};

// A CommonJS bundle that its start runs through V8's code cache (main/platform/code-cache.ts): the
// command line's and the headless app's. Resolves with the hash of its content, which names its
// caches (V8 would take a stale cache of the same length).
// better-sqlite3's JavaScript is bundled in too (a dozen files every start would compile anew); its
// addon stays in node_modules and is named by main/store/sqlite-addon.ts.
const codeCachedBundle = (name, entry) =>
  esbuild({
    ...common,
    format: 'cjs',
    external: external.filter((name) => name !== 'better-sqlite3'),
    // import.meta (createRequire(import.meta.url) for modules loaded on first use) is the bundle's own file.
    define: { ...common.define, 'import.meta.url': '__bundleUrl', 'import.meta.dirname': '__dirname', __SQLITE_JS_BUNDLED__: 'true' },
    // Inside Node's CommonJS wrapper already (COMMONJS_HEAD and COMMONJS_TAIL in
    // main/platform/code-cache.ts): its start then compiles the file's text as it is, without a
    // wrapped copy of the megabyte (issue 23).
    banner: { js: `${COMMONJS_HEAD}const __bundleUrl = require('node:url').pathToFileURL(__filename).href;` },
    footer: { js: COMMONJS_TAIL },
    plugins: [...common.plugins, lazyBuiltins, lazyWorkerThreads],
    // import() of a package (soap, node-hid) as a require: the start runs the bundle as a vm.Script,
    // which has no loader for import().
    supported: { 'dynamic-import': false },
    // Without comments the bundle is ASCII (esbuild escapes every other character), which its
    // start reads as latin1: half the time of decoding UTF-8 (checked below).
    minifyWhitespace: true,
    entryPoints: { [name]: entry },
    outdir: next,
    outExtension: { '.js': '.cjs' },
  }).then(() => {
    const bundle = readFileSync(`${next}/${name}.cjs`);
    const at = bundle.findIndex((byte) => byte > 0x7f);
    if (at >= 0) throw new Error(`dist/${name}.cjs is not ASCII at byte ${at} (${JSON.stringify(bundle.subarray(Math.max(0, at - 60), at + 20).toString())}): write the character as an escape in the source`);
    return createHash('sha256').update(bundle).digest('hex').slice(0, 16);
  });

await Promise.all([
  esbuild({
    ...common,
    format: 'esm',
    external,
    banner: { js: requireBanner },
    entryPoints: { 'electron/main': 'main/electron/main.ts' },
    outdir: next,
    outExtension: { '.js': '.js' },
  }),
  // posctl: the command line as one CommonJS bundle, which its start (main/cli/launch.ts, built
  // after it as dist/posctl.cjs) runs through V8's code cache, named by the bundle's hash. The
  // start is CommonJS too, as bin/posctl.js is: Node starts it sooner than an ES module.
  codeCachedBundle('posctl-bundle', 'main/cli/main.ts').then((hash) =>
    esbuild({
      ...common,
      format: 'cjs',
      external,
      define: {
        ...common.define,
        'import.meta.url': '__launchUrl',
        __POSCTL_BUNDLE__: JSON.stringify('posctl-bundle.cjs'),
        __POSCTL_BUNDLE_HASH__: JSON.stringify(hash),
      },
      banner: { js: "const __launchUrl = require('node:url').pathToFileURL(__filename).href;" },
      entryPoints: { posctl: 'main/cli/launch.ts' },
      outdir: next,
      outExtension: { '.js': '.cjs' },
    }),
  ),
  // The headless start: its entry (dist/headless.js) catches the stop signals before the app's
  // modules load, then runs the app's CommonJS bundle through V8's code cache, as posctl's start
  // does: compiling the app's megabyte of ESM took a third of the start.
  codeCachedBundle('headless-app', 'main/headless/run.ts').then((hash) =>
    esbuild({
      ...common,
      format: 'esm',
      external,
      define: { ...common.define, __HEADLESS_BUNDLE__: JSON.stringify('headless-app.cjs'), __HEADLESS_BUNDLE_HASH__: JSON.stringify(hash) },
      entryPoints: { headless: 'main/headless/main.ts' },
      outdir: next,
    }),
  ),
  // A sandboxed preload may only require('electron'): everything else is bundled in.
  esbuild({
    ...common,
    format: 'cjs',
    external: ['electron'],
    entryPoints: { 'preload/electron-preload': 'preload/electron-preload.ts' },
    outdir: next,
    outExtension: { '.js': '.cjs' },
  }),
  viteBuild({ configFile: new URL('../vite.renderer.config.ts', import.meta.url).pathname, build: { outDir: `${next}/renderer` } }),
]).catch(failed);

if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });

if (!quiet) console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
