/**
 * `npm run start:headless`: the terminal without Electron. Prints the address to open in a
 * browser on this machine; stops cleanly, exit 0, on Ctrl+C or SIGTERM at any moment.
 *
 * This entry does one thing before the app's modules load (SQLite, the gateway, the server: half a
 * second and more): it catches the stop signals, so one that arrives meanwhile is kept instead of
 * ending the process. The build makes run.ts a chunk of its own (scripts/build.mjs), loaded here.
 */
import { catchStopSignals } from './stop-signals';

const signals = catchStopSignals();
const { runHeadless } = await import('./run');
await runHeadless(signals);
