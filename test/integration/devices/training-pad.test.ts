import { describe, expect, it, vi } from 'vitest';
import { openSimStoreFile, trainingGatewayFile } from '../../../main/training/gateway/sqlite-sim-store';
import type { MethodInput, TrainingPadState } from '../../../preload/contract';
import { atEnd, call, liveSettings, padReady, saleId, saleReaches, settled, startLane, type Lane } from '../payments/scenario-support';

/** Two pages of the same lane, each its own connection, as the loopback server names them. */
const PAGE = { transport: 'ws', connection: 'ws:1' } as const;
const OTHER_PAGE = { transport: 'ws', connection: 'ws:2' } as const;

async function pad(lane: Lane, input: MethodInput<'devices.trainingPad'>, ctx: { transport: 'ws'; connection: string } = PAGE): Promise<TrainingPadState> {
  const reply = await lane.core.dispatch('devices.trainingPad', input, ctx);
  if (!reply.ok) throw new Error(`devices.trainingPad answered ${reply.error.code}: ${reply.error.message}`);
  return reply.value as TrainingPadState;
}

/** Waits until the simulated pad shows what `match` wants (each change follows a frame from the counter). */
async function padShows(lane: Lane, match: (s: TrainingPadState) => boolean): Promise<TrainingPadState> {
  let last: TrainingPadState | undefined;
  await vi.waitFor(
    async () => {
      last = await pad(lane, { action: 'read' });
      expect(match(last)).toBe(true);
    },
    { timeout: 5_000, interval: 10 },
  );
  if (!last) throw new Error('the pad was never read');
  return last;
}

/** A pad sale up to the customer's question on the pad: started, the card swiped on the pad. */
async function saleAtTheQuestion(lane: Lane, id: string, cents: number): Promise<TrainingPadState> {
  await padReady(lane);
  await call(lane, 'payments.start', { saleId: id, amountCents: cents, tender: 'card', cardEntry: 'pinpad' });
  const asking = await padShows(lane, (s) => s.waitingFor === 'card');
  expect(asking).toMatchObject({ display: 'Swipe Card', amountCents: cents, online: true });
  await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'pinpad' });
  await saleReaches(lane, id, (v) => v.waitingFor === 'customer-confirm');
  return padShows(lane, (s) => s.waitingFor === 'answer');
}

const answers = (lane: Lane): string[] => lane.events.filter((e) => e.name === 'pinpad.answer').map((e) => (e.payload as { answer: string }).answer);

describe('the training PIN pad played by a trainee (devices.trainingPad)', () => {
  it("leaves the customer's question on the pad until the trainee presses Yes; the sale is then approved", async () => {
    const lane = await startLane();
    expect(await pad(lane, { action: 'customer', by: 'trainee' })).toMatchObject({ deviceId: 'training-pinpad', customer: 'trainee' });
    const id = saleId('pad-yes');
    const question = await saleAtTheQuestion(lane, id, 12_34);
    // Seen waiting at all: an automatic answer would have cleared it in the same turn as the question.
    expect(question).toMatchObject({ display: 'Total $12.34 OK?', waitingFor: 'answer', customer: 'trainee' });
    expect(answers(lane)).toEqual([]);
    expect(await call(lane, 'payments.current', {})).toMatchObject({ saleId: id, final: false, waitingFor: 'customer-confirm' });

    expect(await pad(lane, { action: 'press', key: 'yes' })).toMatchObject({ waitingFor: 'nothing', display: 'Processing' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved', entry: 'pad', approvedCents: 12_34 });
    expect(answers(lane)).toEqual(['yes']);
    await padShows(lane, (s) => s.display === 'APPROVED');
  });

  it("cancels the sale on the trainee's No, and nothing reaches the gateway", async () => {
    const lane = await startLane();
    await pad(lane, { action: 'customer', by: 'trainee' });
    const id = saleId('pad-no');
    await saleAtTheQuestion(lane, id, 45_00);
    await pad(lane, { action: 'press', key: 'no' });
    const end = await settled(lane, id);
    expect(end).toMatchObject({ state: 'cancelled', final: true });
    expect(answers(lane)).toEqual(['no']);
    expect(lane.core.gateway.simulator()?.stored()).toEqual([]);
    await padShows(lane, (s) => s.display === 'CANCELLED' && s.waitingFor === 'nothing');
  });

  it('cancels the sale on Cancel, while the pad asks for the card or the answer', async () => {
    const lane = await startLane();
    await pad(lane, { action: 'customer', by: 'trainee' });
    await padReady(lane);
    const atCard = saleId('pad-cancel-card');
    await call(lane, 'payments.start', { saleId: atCard, amountCents: 3_00, tender: 'card', cardEntry: 'pinpad' });
    await padShows(lane, (s) => s.waitingFor === 'card');
    await pad(lane, { action: 'press', key: 'cancel' });
    expect(await settled(lane, atCard)).toMatchObject({ state: 'cancelled' });

    const atAnswer = saleId('pad-cancel-answer');
    await saleAtTheQuestion(lane, atAnswer, 4_00);
    await pad(lane, { action: 'press', key: 'cancel' });
    expect(await settled(lane, atAnswer)).toMatchObject({ state: 'cancelled' });
    expect(answers(lane)).toEqual(['cancelled']);
  });

  it('ignores a key with nothing to answer, as a real pad does', async () => {
    const lane = await startLane();
    await padReady(lane);
    expect(await pad(lane, { action: 'press', key: 'no' })).toMatchObject({ waitingFor: 'nothing', display: 'Welcome', amountCents: null, customer: 'automatic' });
  });

  it('answers yes at once when no page plays the customer (tests and posctl keep the automatic customer)', async () => {
    const lane = await startLane();
    // A page that played the customer and left: automatic again.
    await pad(lane, { action: 'customer', by: 'trainee' });
    expect(await pad(lane, { action: 'customer', by: 'automatic' })).toMatchObject({ customer: 'automatic' });
    await padReady(lane);
    const id = saleId('pad-auto');
    await call(lane, 'payments.start', { saleId: id, amountCents: 6_00, tender: 'card', cardEntry: 'pinpad' });
    await padShows(lane, (s) => s.waitingFor === 'card');
    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'pinpad' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
    expect(answers(lane)).toEqual(['yes']);
  });

  it('waits while any page plays the customer; the last one leaving (panel closed or page gone) answers as nobody there', async () => {
    const lane = await startLane();
    await pad(lane, { action: 'customer', by: 'trainee' });
    await pad(lane, { action: 'customer', by: 'trainee' }, OTHER_PAGE);
    const id = saleId('pad-left');
    await saleAtTheQuestion(lane, id, 8_00);
    // One page closes its panel: the other still plays, the question stays.
    expect(await pad(lane, { action: 'customer', by: 'automatic' })).toMatchObject({ customer: 'trainee', waitingFor: 'answer' });
    expect(answers(lane)).toEqual([]);
    // The other page's connection closes (what both shells report): nobody plays, the question gets the automatic answer.
    lane.core.pageClosed(OTHER_PAGE.connection);
    expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
    expect((await pad(lane, { action: 'read' })).customer).toBe('automatic');
  });
});

describe('reading the training gateway fault (gateway.trainingFault without a kind)', () => {
  it('answers what is set, by this page or in the file by posctl, and changes nothing', async () => {
    const lane = await startLane();
    expect(await call(lane, 'gateway.trainingFault', {})).toEqual({ kind: 'none', remaining: null });
    await call(lane, 'gateway.trainingFault', { kind: 'unreachable', count: 2 });
    expect(await call(lane, 'gateway.trainingFault', {})).toEqual({ kind: 'unreachable', remaining: 2 });
    expect(await call(lane, 'gateway.trainingFault', {})).toEqual({ kind: 'unreachable', remaining: 2 });
    // posctl writes the training gateway's file from another process.
    const posctl = openSimStoreFile(trainingGatewayFile(lane.dataDir), { log: lane.core.log, now: () => new Date() });
    atEnd(() => posctl.close());
    posctl.setFault({ kind: 'drop-after' });
    expect(await call(lane, 'gateway.trainingFault', {})).toEqual({ kind: 'drop-after', remaining: null });
    expect(posctl.fault()).toEqual({ kind: 'drop-after', remaining: null });
    const countAlone = await lane.core.dispatch('gateway.trainingFault', { count: 1 }, PAGE);
    expect(countAlone).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', issues: [{ path: 'count' }] } });
  });
});

describe('the training controls when the terminal is live', () => {
  it('refuses the simulated pad and the gateway fault, reading included (FORBIDDEN), to a page', async () => {
    const lane = await startLane();
    lane.core.settings.setMany(liveSettings('http://127.0.0.1:9/transaction/v14'));
    expect(lane.core.mode()).toBe('live');
    for (const input of [{ action: 'read' }, { action: 'customer', by: 'trainee' }, { action: 'press', key: 'yes' }] as const) {
      expect(await lane.core.dispatch('devices.trainingPad', input, PAGE)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(await lane.core.dispatch('gateway.trainingFault', {}, PAGE)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await lane.core.dispatch('gateway.trainingFault', { kind: 'unreachable' }, PAGE)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
