import { runPosctl } from './posctl';

process.exitCode = await runPosctl(process.argv.slice(2));
