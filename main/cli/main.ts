import './zod-config';
import { runPosctl } from './posctl';

// The command line's bundle is CommonJS (it runs through V8's code cache, launch.ts): no top-level await.
void runPosctl(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
