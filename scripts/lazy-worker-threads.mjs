// An esbuild plugin for the code-cached CommonJS bundles (scripts/build.mjs): pino loads Node's
// worker_threads at its start for two things the terminal never does at start (pino's
// transports, which run in a worker, and a check made only when pino opens its own file), and
// worker_threads is some 4 ms of every start of posctl and the headless app (issue 23). Both
// places load it on first use here:
// - pino/lib/tools.js reads `isMainThread` where it opens its own destination, not at load;
// - thread-stream (the transports' worker), which takes `Worker` at its load, is loaded when pino
//   makes its first transport: pino's transport module gets a stand-in constructor for it.
// The patterns are checked: a pino that changes them fails the build here, not at a lane.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const TOOLS_LOAD = "const { isMainThread } = require('worker_threads')";
const TOOLS_USE = '!opts.sync && isMainThread)';

export const lazyWorkerThreads = {
  name: 'lazy-worker-threads',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]pino[\\/]lib[\\/]tools\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(TOOLS_LOAD) || source.split(TOOLS_USE).length !== 2) {
        throw new Error(`${args.path} no longer reads worker_threads as scripts/lazy-worker-threads.mjs expects: update the plugin`);
      }
      return {
        contents: source
          .replace(TOOLS_LOAD, "let workerThreads\nconst isMainThread = () => (workerThreads ??= require('worker_threads')).isMainThread")
          .replace(TOOLS_USE, '!opts.sync && isMainThread())'),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
    build.onResolve({ filter: /^thread-stream$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]pino[\\/]lib[\\/]transport\.js$/.test(args.importer)) return undefined;
      // The bundle names the stand-in by the package, not by where this checkout keeps it.
      return { path: 'thread-stream', namespace: 'lazy-thread-stream', pluginData: { real: createRequire(args.importer).resolve('thread-stream') } };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-thread-stream' }, (args) => ({
      // The require in the body is bundled as a module initialised when first called.
      contents: `module.exports = function ThreadStream(...args) { return Reflect.construct(require(${JSON.stringify(args.pluginData.real)}), args); };\n`,
      loader: 'js',
      resolveDir: dirname(args.pluginData.real),
    }));
  },
};
