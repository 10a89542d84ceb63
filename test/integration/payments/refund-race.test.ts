import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaleView } from '../../../preload/contract';
import { PosError } from '../../../main/api/errors';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import type { Core } from '../../../main/core';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { gatewayGate, goLive, LIVE_CREDENTIALS, openCore, runSeed, seededRandom, swipe, type GatewayGate } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';

/**
 * One approved $10.00 sale, then the app's core and three posctl processes each refund or void it
 * at the same moment, round after round, against a gate that records what reaches the gateway.
 * Whatever the interleaving: the gateway sees at most $10.00 refunded or one void (never both),
 * only the winners' requests, and every loser is refused on the lane, in words, with nothing sent.
 */
const ROUNDS = 50;
const PAID = 10_00;

type Ask = { type: 'refund'; cents: number } | { type: 'void' };
interface Result {
  who: string;
  ask: Ask;
  approved: boolean;
  refusal?: string;
}

/** Refusals the lane gives on its own, before anything is sent. */
const LOCAL_REFUSAL = /already refunded|already voided|already being voided|settle it first|would not undo|is left to refund/;

const field = (body: string, name: string): string | undefined => new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)<`).exec(body)?.[1];

let dir: string;
let sim: GatewaySimulator;
let gate: GatewayGate;
let core: Core;

beforeAll(async () => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'pos-refund-race-'));
  sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: LIVE_CREDENTIALS });
  gate = await gatewayGate(sim.url);
  core = await openCore(join(dir, 'data'));
  goLive(core, gate.url, { timeoutMs: 10_000 });
}, 60_000);

afterAll(async () => {
  await core?.close();
  await gate?.close();
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function pick(random: () => number): Ask {
  const r = random();
  if (r < 0.3) return { type: 'void' };
  if (r < 0.65) return { type: 'refund', cents: 0 };
  return { type: 'refund', cents: random() < 0.5 ? 6_00 : 4_00 };
}

async function byPosctl(who: string, ref: string, ask: Ask): Promise<Result> {
  const args = ask.type === 'void' ? ['void', '--ref', ref, '--json'] : ['refund', '--ref', ref, ...(ask.cents ? ['--amount', (ask.cents / 100).toFixed(2)] : []), '--json'];
  const r = await posctl(join(dir, 'data'), args);
  if (r.code === 0) return { who, ask, approved: SaleView.parse(JSON.parse(r.stdout)).state === 'approved' };
  return { who, ask, approved: false, refusal: r.stderr.trim() };
}

async function byApp(ref: string, ask: Ask, round: number, delayMs: number): Promise<Result> {
  // The cashier's tap lands somewhere inside the posctl processes' start: the input of the race, not a wait.
  await new Promise((r) => setTimeout(r, delayMs));
  try {
    const view = await core.payments.payments.runSale({ saleId: `race-app-${round}-${Date.now()}`, type: ask.type, amountCents: ask.type === 'void' ? 0 : ask.cents, originalRef: ref }, {});
    return { who: 'app', ask, approved: view.state === 'approved' };
  } catch (e) {
    if (e instanceof PosError) return { who: 'app', ask, approved: false, refusal: e.message };
    throw e;
  }
}

describe('refunds and voids of one payment from four processes at once', () => {
  it(`send at most what was paid and one void, and refuse every loser locally (${ROUNDS} rounds)`, { timeout: 600_000 }, async () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    let contested = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const sale = await core.payments.payments.runSale({ saleId: `race-sale-${round}-${Date.now()}`, type: 'sale', amountCents: PAID, tender: 'card' }, { card: swipe() });
      expect(sale.state, `round ${round} sale`).toBe('approved');
      const tag = sale.outcome?.tag;
      expect(tag).toBeTruthy();
      const before = gate.requests().length;
      // Each answer is held a little, so one process's request is often in flight while another asks.
      gate.setLatency(() => Math.floor(random() * 40));
      const asks = [pick(random), pick(random), pick(random), pick(random)] as const;
      const results = await Promise.all([
        byApp(sale.clientRef, asks[0], round, 250 + Math.floor(random() * 400)),
        byPosctl('posctl-1', sale.clientRef, asks[1]),
        byPosctl('posctl-2', sale.clientRef, asks[2]),
        byPosctl('posctl-3', sale.clientRef, asks[3]),
      ]);
      await gate.idle();
      gate.setLatency(undefined);
      const context = `seed ${seed}, round ${round}: ${JSON.stringify(results)}`;
      const sent = gate.requests().slice(before).filter((b) => field(b, 'Transaction_Tag') === tag);
      const voids = sent.filter((b) => field(b, 'Transaction_Type') === '33');
      const refunds = sent.filter((b) => field(b, 'Transaction_Type') === '34');
      const refunded = refunds.reduce((sum, b) => sum + Math.round(Number(field(b, 'DollarAmount')) * 100), 0);
      expect(voids.length, context).toBeLessThanOrEqual(1);
      expect(refunded, context).toBeLessThanOrEqual(PAID);
      expect(voids.length > 0 && refunds.length > 0, context).toBe(false);
      // Only the winners reached the gateway, and the gateway approved each: it never had to refuse one.
      const winners = results.filter((r) => r.approved);
      expect(sent.length, context).toBe(winners.length);
      expect(winners.length, context).toBeGreaterThan(0);
      for (const loser of results.filter((r) => !r.approved)) expect(loser.refusal, context).toMatch(LOCAL_REFUSAL);
      if (results.length - winners.length > 0) contested++;
    }
    // The rounds did race: most had losers.
    expect(contested).toBeGreaterThan(ROUNDS / 2);
  });
});
