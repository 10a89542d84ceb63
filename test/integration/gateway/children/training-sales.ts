/**
 * Another process of the same terminal: opens the training gateway's file and makes sales as fast
 * as it can, then prints the tags it was given (JSON). Run with `node --import tsx`.
 * Arguments: <file> <count> <label>.
 */
import pino from 'pino';
import { GatewayEngine } from '../../../../main/training/gateway/engine';
import { openSimStoreFile } from '../../../../main/training/gateway/sqlite-sim-store';

const [file = '', count = '0', label = 'child'] = process.argv.slice(2);
const store = openSimStoreFile(file, { log: pino({ level: 'silent' }), now: () => new Date() });
const engine = new GatewayEngine({ store });
const tags: string[] = [];
for (let i = 0; i < Number(count); i++) {
  const sale = { GatewayID: 'G', Password: 'P', Transaction_Type: '00', DollarAmount: '1.00', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D', Reference_No: `${label}-${i}` };
  const tag = engine.process('SendAndCommit', sale).Transaction_Tag;
  tags.push(typeof tag === 'string' ? tag : '');
}
store.close();
process.stdout.write(JSON.stringify(tags));
