/**
 * One process of a live terminal, for the crash and forwarding tests. Run with
 * `node --import tsx` (or bundled, see test/support/payments.ts childRunner). Argument: a JSON
 * LaneConfig. It prints one line per fact, as soon as it is journaled:
 *   READY                        the core is open and rows left by a killed process are recovered
 *   PAID <ref> <state>           runSale returned approved or offline (printed before anything else happens)
 *   SALE <ref> <state>           runSale returned any other state
 *   FWD <json>                   a forwarding round's result
 *   ERR <message>                a refused call (a void that cannot be made now)
 *   DONE <json>                  the role's work is over (rows by state)
 * Roles: `run` sells and forwards at random until killed (or maxSales); `final` applies the
 * manager's decisions read from stdin, then forwards until nothing is due; `forward` waits for a
 * line on stdin, then forwards until the queue is empty.
 */
import { writeSync } from 'node:fs';
import type { QueueAction } from '../../../../preload/contract';
import { PosError } from '../../../../main/api/errors';
import { allowOffline, BANK_CARDS, goLive, openCore, seededRandom, swipe } from '../../../support/payments';

export interface LaneConfig {
  dataDir: string;
  gatewayUrl: string;
  seed: number;
  role: 'run' | 'final' | 'forward';
  /** Unique per process: sale ids start with it. */
  prefix: string;
  maxSales?: number;
  /** The final run comes "later": every back-off and lease has run out. */
  clockOffsetMs?: number;
  timeoutMs?: number;
  /** Voids of earlier approvals (tagged requests; the PHP peer gives no tags). */
  voids?: boolean;
}

const config = JSON.parse(process.argv[2] ?? '{}') as LaneConfig;
// Synchronous writes: a line printed is a line the parent reads, even if the kill comes next.
const say = (line: string): void => void writeSync(1, `${line}\n`);

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

const offset = config.clockOffsetMs ?? 0;
const core = await openCore(config.dataDir, { logLevel: 'info' }, () => new Date(Date.now() + offset));
goLive(core, config.gatewayUrl, { timeoutMs: config.timeoutMs ?? 1_500, connectTimeoutMs: 500 });
allowOffline(core);
// Recovers rows a killed process left in flight.
await core.start();
say('READY');

const { payments, ledger } = core.payments;
const random = seededRandom(config.seed);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function counts(): Record<string, number> {
  const rows = core.journal().db.prepare('SELECT state, count(*) AS n FROM journal GROUP BY state').all() as Array<{ state: string; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

async function forwardUntilDone(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const result = await payments.forwardRound();
    say(`FWD ${JSON.stringify(result)}`);
    if (result.attempted === 0) return;
  }
}

if (config.role === 'run') {
  const approved: string[] = [];
  for (let i = 0; i < (config.maxSales ?? 1_000); i++) {
    const r = random();
    if (r < 0.2) {
      say(`FWD ${JSON.stringify(await payments.forwardRound())}`);
      continue;
    }
    const saleId = `${config.prefix}-${i}`;
    try {
      const original = config.voids && r > 0.95 ? approved.pop() : undefined;
      // Mostly small amounts (offline allowed up to $100); some 5530.00 (declined, too big for offline); prepaid over its balance (partial).
      const card = pick(BANK_CARDS);
      const cents = random() < 0.1 ? 553_000 : 100 + Math.floor(random() * 15_000);
      const view = original
        ? await payments.runSale({ saleId, type: 'void', amountCents: 0, originalRef: original }, {})
        : await payments.runSale({ saleId, type: 'sale', amountCents: cents }, { card: swipe(card) });
      if (view.state === 'approved' || view.state === 'offline') say(`PAID ${view.clientRef} ${view.state}`);
      else say(`SALE ${view.clientRef} ${view.state}`);
      if (view.state === 'approved' && view.type === 'sale') approved.push(view.clientRef);
    } catch (e) {
      if (!(e instanceof PosError)) throw e;
      say(`ERR ${e.message}`);
    }
  }
} else if (config.role === 'final') {
  const decisions = JSON.parse((await readStdin()) || '[]') as QueueAction[];
  for (const action of decisions) {
    try {
      ledger.resolve(action, 'live');
    } catch (e) {
      if (!(e instanceof PosError)) throw e;
      say(`ERR ${action.ref}: ${e.message}`);
    }
  }
  await forwardUntilDone();
} else {
  // Both forwarders start together: the parent writes a line once each is ready.
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  await forwardUntilDone();
}
say(`DONE ${JSON.stringify(counts())}`);
await core.close();
process.exit(0);
