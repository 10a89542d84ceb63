/**
 * The gateway simulator in a process of its own (started by simulator-process.ts): its memory and
 * its CPU stay out of the figures of the process under test, as a real gateway's would. Prints its
 * URL on the first line, and stops when its stdin closes.
 */
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import { startGatewaySimulator } from '../../main/training/gateway/server';

const port = Number(process.argv[2] ?? 0);
const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, port, keepBodies: false });
process.stdout.write(`${sim.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void sim.close().then(() => process.exit(0));
});
