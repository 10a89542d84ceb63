import './zod-config';
import { runPosctl } from './posctl';

// The command line's bundle is CommonJS (it runs through V8's code cache, launch.ts): no top-level await.
void runPosctl(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Once nothing is left to do (output still being written keeps the loop busy, so it is all out),
  // end here: Node's own teardown of the environment and heap after a natural end is some 3 ms of
  // a status that nothing needs (issue 23). The 'exit' listeners (the code cache) still run.
  process.once('beforeExit', () => process.exit());
});
