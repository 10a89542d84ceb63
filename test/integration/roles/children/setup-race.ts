/**
 * One page's process finishing a fresh lane's set-up, for the set-up race test (bundled by
 * test/support/payments.ts childRunner). Arguments: the data directory and the PIN it chooses.
 * Prints READY once its core is open, waits for a line on standard input (every racer starts
 * together), then prints RESULT and the call's reply as JSON.
 */
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { openCore } from '../../../support/payments';

const [dataDir = '', pin = ''] = process.argv.slice(2);
const say = (line: string): void => void writeSync(1, `${line}\n`);
const core = await openCore(dataDir);
say('READY');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();
const reply = await core.dispatch('setup.complete', { name: `Lane ${pin}`, language: 'fr', pin, pinAgain: pin }, { transport: 'ws', connection: `ws:${process.pid}` });
say(`RESULT ${JSON.stringify(reply)}`);
await core.close();
