import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openJournal } from '../../main/payments/journal/journal';
import { generateTerminalKeyPair, prepareSeal } from '../../main/store/sealing';
import { compare, measure, type Comparison, type Sample } from '../harness';
import { journalDirs, type BenchDir } from '../support/data-dirs';
import { rawTable } from '../support/raw-table';
import { benchCore, liveSettings, SwipeReader } from '../support/lane';
import { beginOfflineSale, offlineTemplate, storeOfflineSale, writeOfflineSale, type BegunSale, type EnqueueStep, type OfflineTemplate, type OfflineWriter } from '../support/offline-rows';
import { ms, spread } from '../support/stats';

/**
 * Durable enqueue of an offline sale, as Sale writes it while the live gateway is known offline:
 * the row is created `choosing → waiting` when the tender is chosen (a light commit) and the
 * seal's key agreement is prepared while the customer swipes; once the card is read, the request
 * is sealed (AES-GCM) and the row goes `waiting → validated → journaled → offline` with the sealed
 * blob in one full commit. The headline is that last part, what stands between the card and a
 * payment that survives a power cut, against one raw better-sqlite3 INSERT of the same bytes (the
 * same column values and a blob of the same size) into a plain table with the same pragmas (WAL,
 * synchronous FULL, secure_delete). The whole sale's journal work is shown beside it. Each commit
 * with synchronous FULL is an fsync of the WAL: measured on the real disk, and on tmpfs (where
 * fsync is free) when the host has one.
 */
const ITERATIONS = 300;
const OWNER = 'bench/1/00000000';

async function onDir(dir: BenchDir, template: OfflineTemplate): Promise<Comparison> {
  const { publicKey } = generateTerminalKeyPair();
  const journal = openJournal(dir.path, 'live');
  const writer: OfflineWriter = { journal, prepareSeal: () => prepareSeal(publicKey), owner: OWNER, template };
  let n = 0;
  const enqueue = (extra: Partial<OfflineWriter> = {}): string => writeOfflineSale({ ...writer, ...extra }, `bench-sale-${n++}`);
  // The row a stored sale leaves, read back: the raw insert writes these very values.
  enqueue();
  const columns = journal.db.prepare('SELECT * FROM journal ORDER BY id DESC LIMIT 1').get() as Record<string, unknown>;
  const blobSize = (columns.sealed as Buffer).length;
  const raw = rawTable(join(dir.path, 'plain.sqlite'), Object.keys(columns));
  // Rows made beforehand (a unique reference, fresh blob bytes of the sealed size), so the timing holds only the INSERT.
  const rows = Array.from({ length: ITERATIONS + Math.ceil(ITERATIONS / 10) + 1 }, (_, i) => {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(columns)) if (k !== 'id') row[k] = v;
    return { ...row, client_ref: `raw-${i}-${randomBytes(4).toString('hex')}`, sale_id: `bench-sale-${i}`, sealed: randomBytes(blobSize) };
  });
  let r = 0;
  const baseline = await measure('raw INSERT, same bytes, plain table, same pragmas', () => raw.insert.run(rows[r++ % rows.length]), { iterations: ITERATIONS });
  // The sales begun beforehand (the tender chosen, the customer swiping): the timing holds what follows the card.
  const begun: BegunSale[] = Array.from({ length: ITERATIONS + Math.ceil(ITERATIONS / 10) }, () => beginOfflineSale(writer, `bench-sale-${n++}`));
  let b = 0;
  const subject = await measure('card read → sealed, journaled, stored (1 commit)', () => {
    const next = begun[b++];
    if (!next) throw new Error('not enough sales begun');
    storeOfflineSale(writer, next);
  }, { iterations: ITERATIONS });
  const whole = await measure('the whole sale: created waiting + prepared + stored', () => enqueue(), { iterations: ITERATIONS });

  // Where the time goes: each step of the same path, timed apart.
  const steps = new Map<EnqueueStep, number[]>();
  for (let i = 0; i < Math.min(200, ITERATIONS); i++) enqueue({ steps });
  const breakdown = [...steps].map(([step, times]) => `${step} ${ms(spread(times).p50)}`).join(', ');

  journal.close();
  raw.db.close();
  const perSecond = (meanMs: number): string => `${Math.round(1000 / meanMs)}/s`;
  return compare(`Offline enqueue, journal on ${dir.label}`, subject, baseline, {
    target: '≤ 1.25×',
    note: `${perSecond(subject.meanMs)} sales vs ${perSecond(baseline.meanMs)} raw rows; blob ${blobSize} B; the whole sale's journal work ${ms(whole.medianMs)} = ${(whole.medianMs / baseline.medianMs).toFixed(2)}×; per step (median): ${breakdown}`,
  });
}

/**
 * The same enqueue through the whole sale: PaymentsService.runSale (card given) with the live
 * gateway known offline, so no connection is tried: the journal writes above plus the sale's reads
 * (its sale id, the queue's totals for the offline limits) and its views.
 */
async function throughSale(dir: BenchDir, baseline: Sample): Promise<Comparison> {
  // A data directory of its own: the journal above holds rows sealed with another key.
  const core = await benchCore(join(dir.path, 'lane'), liveSettings('http://127.0.0.1:9/transaction/v14', [['offline.enabled', true], ['offline.maxCount', 10_000], ['offline.maxTotal', 100_000_000]]));
  try {
    const payments = core.payments.payments;
    const reader = new SwipeReader('visa');
    let n = 0;
    const sell = async (): Promise<void> => {
      const view = await payments.runSale({ saleId: `bench-offline-${n++}`, type: 'sale', amountCents: 1234 }, { card: { kind: 'read', card: reader.swipe() } });
      if (view.state !== 'offline') throw new Error(`a sale meant to be stored offline ended ${view.state}: ${view.words}`);
    };
    // The first sale finds the gateway unreachable; for the next 60 s it is known offline.
    await sell();
    const subject = await measure('PaymentsService.runSale, stored offline', sell, { iterations: 200, warmup: 20 });
    return compare(`Offline sale through PaymentsService.runSale, journal on ${dir.label}`, subject, baseline, {
      target: '(informative)',
      note: `${Math.round(1000 / subject.meanMs)}/s sales`,
    });
  } finally {
    await core.close();
  }
}

export async function run(): Promise<Comparison[]> {
  const p = offlineTemplate();
  const results: Comparison[] = [];
  for (const dir of journalDirs('pos-bench-enqueue-')) {
    try {
      const enqueued = await onDir(dir, p);
      results.push(enqueued, await throughSale(dir, enqueued.baseline));
    } finally {
      dir.remove();
    }
  }
  return results;
}
