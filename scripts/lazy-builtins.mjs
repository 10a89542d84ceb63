// An esbuild plugin for the code-cached CommonJS bundles (scripts/build.mjs): Node modules a
// start may not need become stand-ins that load them on first use.
import { createRequire } from 'node:module';

// Node's own modules that a start needs only for some work (the gateway's and the simulators'
// HTTP and TLS, readline, child processes, promise-based file writes; the assert that pino's
// streams call only on a misuse): a bundle's static imports load them all at start, over ten ms
// of a status. In the code-cached bundles each is a stand-in whose exports load the module on
// first use; a module that is itself a function (assert) gets a function that loads it when called.
export const LAZY_BUILTINS = ['node:http', 'node:https', 'node:tls', 'node:net', 'node:readline', 'node:child_process', 'node:perf_hooks', 'node:fs/promises', 'assert', 'node:assert'];
const builtinRequire = createRequire(import.meta.url);
export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_BUILTINS.join('|')})$`);
    // The stand-in's own require of the module is the real one.
    build.onResolve({ filter }, (args) => (args.namespace === 'lazy-builtin' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-builtin' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const real = builtinRequire(args.path);
      const names = Object.keys(real);
      const load = `let loaded;\nconst load = () => (loaded ??= require(${JSON.stringify(args.path)}));\n`;
      const target = typeof real === 'function' ? 'module.exports = function (...args) { return load().apply(this, args); };\nconst target = module.exports;\n' : 'const target = exports;\n';
      return {
        contents: `${load}${target}for (const name of ${JSON.stringify(names)}) Object.defineProperty(target, name, { enumerable: true, get: () => load()[name] });\n`,
        loader: 'js',
      };
    });
  },
};
