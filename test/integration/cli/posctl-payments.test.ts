import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CARDS, SAMPLE_CHECKS, swipeText } from '../../../native/sim/sample-cards';
import { DailyTotals, ForwardResult, PaymentRow, QueueStatus, SaleView } from '../../../preload/contract';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

/** The test card's number: it must never appear in anything posctl prints or logs. */
const PAN = '4111111111111111';
const SWIPE = swipeText(SAMPLE_CARDS.visa);

/** posctl on one terminal; every run is checked for the full card number. */
async function pos(dir: string, args: string[], input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = await posctl(dir, args, input !== undefined ? { input } : {});
  expect(r.stdout, args.join(' ')).not.toContain(PAN);
  expect(r.stderr, args.join(' ')).not.toContain(PAN);
  return r;
}

async function sale(dir: string, amount: string, extra: string[] = []): Promise<{ code: number | null; view: SaleView; stderr: string }> {
  const r = await pos(dir, ['sale', '--amount', amount, '--swipe', '-', '--json', ...extra], SWIPE);
  return { code: r.code, view: SaleView.parse(JSON.parse(r.stdout)), stderr: r.stderr };
}

function journalRows(stdout: string): PaymentRow[] {
  return (JSON.parse(stdout) as { rows: unknown[] }).rows.map((r) => PaymentRow.parse(r));
}

describe('posctl sale', { timeout: 90_000 }, () => {
  it('approves a swiped sale in training mode and shows it in the journal and the totals', async () => {
    const dir = tempDir();
    const { code, view } = await sale(dir, '12.34');
    expect(code).toBe(0);
    expect(view).toMatchObject({ mode: 'training', type: 'sale', tender: 'card', state: 'approved', amountCents: 1234, entry: 'swipe', card: { masked: '411111******1111' } });
    expect(view.saleId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(view.outcome?.authorizationNum).toBeTruthy();

    const human = await pos(dir, ['sale', '--amount', '1.00', '--swipe', SWIPE]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^APPROVED/);
    expect(human.stdout).toContain('411111******1111');
    expect(human.stdout).toMatch(/Reference +T[A-Z0-9]+/);

    const list = await pos(dir, ['journal', 'list', '--json']);
    expect(list.code).toBe(0);
    const rows = journalRows(list.stdout);
    expect(rows.map((r) => r.clientRef)).toContain(view.clientRef);
    expect(rows.find((r) => r.clientRef === view.clientRef)).toMatchObject({ state: 'approved', requestedCents: 1234, last4: '1111' });
    expect((await pos(dir, ['journal', 'list', '--last4', '1111'])).stdout).toContain(view.clientRef);

    const totals = DailyTotals.parse(JSON.parse((await pos(dir, ['totals', '--json'])).stdout));
    expect(totals).toMatchObject({ mode: 'training', approvedCents: 1334, netCents: 1334, offlineOutstandingCents: 0 });
    expect((await pos(dir, ['totals'])).stdout).toMatch(/Net +\$13\.34/);
  });

  it('takes a keyed card from standard input (or the command line) and never prints or logs its number', async () => {
    const dir = tempDir();
    const fromStdin = await pos(dir, ['sale', '--amount', '3.00', '--keyed', '-', '--expiry', '1230', '--name', 'Pat Doe', '--json'], `${PAN}\n`);
    expect(fromStdin.code).toBe(0);
    expect(SaleView.parse(JSON.parse(fromStdin.stdout))).toMatchObject({ state: 'approved', entry: 'keyed', card: { masked: '411111******1111', last4: '1111' } });
    const onLine = await pos(dir, ['sale', '--amount', '4.00', '--keyed', PAN, '--expiry', '1230', '--name', 'Pat Doe']);
    expect(onLine.code).toBe(0);
    expect(onLine.stdout).toMatch(/^APPROVED/);
    expect(readFileSync(join(dir, 'logs', 'pos.log'), 'utf8')).not.toContain(PAN);
  });

  it('takes a check by its MICR line, with the account masked', async () => {
    const dir = tempDir();
    const r = await pos(dir, ['sale', '--amount', '45.00', '--micr', '-', '--check-type', 'personal', '--customer-name', 'Pat Doe', '--id-type', '0', '--id', 'IL123456', '--json'], SAMPLE_CHECKS.personal.line);
    expect(r.code).toBe(0);
    const view = SaleView.parse(JSON.parse(r.stdout));
    expect(view).toMatchObject({ tender: 'check', state: 'approved', entry: 'micr', check: { routing: '011000015', checkNumber: '1001' } });
    expect(r.stdout).not.toContain('123456789');
    const rows = journalRows((await pos(dir, ['journal', 'list', '--tender', 'check', '--json'])).stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.masked).toMatch(/^\*+6789$/);
  });

  it('exits 1 when the bank declines (training trigger 5521.00)', async () => {
    const dir = tempDir();
    const { code, view, stderr } = await sale(dir, '5521.00');
    expect(code).toBe(1);
    expect(view).toMatchObject({ state: 'declined', outcome: { bankCode: '521' } });
    expect(stderr).toMatch(/declined/i);
  });

  it('refuses bad input with exit 2 and a message, before anything is journaled', async () => {
    const dir = tempDir();
    const cases: Array<[string[], RegExp, string?]> = [
      [['sale', '--amount', '12.345', '--swipe', SWIPE], /--amount must be dollars and cents/],
      [['sale', '--amount', '-1', '--swipe', SWIPE], /--amount must be dollars and cents/],
      [['sale', '--amount', '12.34', '--type', 'bogus', '--swipe', SWIPE], /argument 'bogus' is invalid/],
      [['sale', '--amount', '12.34'], /give exactly one of --swipe/],
      [['sale', '--amount', '12.34', '--swipe', SWIPE, '--micr', SAMPLE_CHECKS.personal.line], /give exactly one of --swipe/],
      [['sale', '--swipe', SWIPE], /--amount is required/],
      [['sale', '--amount', '1.00', '--keyed', '-', '--expiry', '1230', '--name', 'Pat'], /failed its check digit/, '4111111111111112\n'],
      [['sale', '--amount', '1.00', '--keyed', '-', '--name', 'Pat'], /needs --expiry/, `${PAN}\n`],
      [['sale', '--amount', '1.00', '--micr', SAMPLE_CHECKS.personal.line], /needs --check-type/],
      [['sale', '--amount', '1.00', '--swipe', 'not a card'], /the swipe was refused/],
    ];
    for (const [args, message, input] of cases) {
      const r = await pos(dir, args, input);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    expect(journalRows((await pos(dir, ['journal', 'list', '--json'])).stdout)).toEqual([]);
  });
});

describe('posctl void, refund and complete', { timeout: 90_000 }, () => {
  it('voids an approved sale by its reference, once', async () => {
    const dir = tempDir();
    const original = (await sale(dir, '20.00')).view;
    const voided = await pos(dir, ['void', '--ref', original.clientRef, '--json']);
    expect(voided.code).toBe(0);
    expect(SaleView.parse(JSON.parse(voided.stdout))).toMatchObject({ type: 'void', state: 'approved', amountCents: 2000, originalRef: original.clientRef, entry: 'tagged' });
    const again = await pos(dir, ['void', '--ref', original.clientRef]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already voided/);
    const unknown = await pos(dir, ['void', '--ref', 'T0000NOSUCHREF']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no payment T0000NOSUCHREF/);
    const totals = DailyTotals.parse(JSON.parse((await pos(dir, ['totals', '--json'])).stdout));
    expect(totals).toMatchObject({ approvedCents: 2000, voidedCents: 2000, netCents: 0 });
  });

  it('refunds part of a sale, then what is left, and completes a pre-authorization', async () => {
    const dir = tempDir();
    const original = (await sale(dir, '40.00')).view;
    const part = await pos(dir, ['refund', '--ref', original.clientRef, '--amount', '10.00', '--json']);
    expect(part.code).toBe(0);
    expect(SaleView.parse(JSON.parse(part.stdout))).toMatchObject({ type: 'refund', state: 'approved', amountCents: 1000 });
    const rest = await pos(dir, ['refund', '--ref', original.clientRef, '--json']);
    expect(SaleView.parse(JSON.parse(rest.stdout))).toMatchObject({ type: 'refund', amountCents: 3000 });
    // posctl is the technician: it approves a refund itself, and the journal says so.
    const shown = await pos(dir, ['journal', 'show', SaleView.parse(JSON.parse(part.stdout)).clientRef]);
    expect(shown.stdout).toMatch(/Approved by\s+technician \S+ \(posctl\)/);
    const originalShown = await pos(dir, ['journal', 'show', original.clientRef]);
    expect(originalShown.stdout).not.toMatch(/Approved by/);
    // Its standing: refunded in full, in the list and in the payment shown.
    expect(originalShown.stdout).toMatch(/Standing +refunded \$40\.00 of \$40\.00/);
    const listed = (await pos(dir, ['journal', 'list', '--type', 'sale'])).stdout.split('\n');
    expect(listed[0]).toMatch(/STATE +STANDING +AMOUNT/);
    expect(listed.find((l) => l.includes(original.clientRef))).toMatch(/approved +refunded \$40\.00 of \$40\.00 +\$40\.00/);

    const preauth = (await sale(dir, '50.00', ['--type', 'preauth'])).view;
    expect(preauth).toMatchObject({ type: 'preauth', state: 'approved' });
    const done = await pos(dir, ['complete', '--ref', preauth.clientRef, '--amount', '45.00', '--json']);
    expect(done.code).toBe(0);
    expect(SaleView.parse(JSON.parse(done.stdout))).toMatchObject({ type: 'completion', state: 'approved', amountCents: 4500 });
    const tooMuch = await pos(dir, ['complete', '--ref', preauth.clientRef, '--amount', '10.00']);
    expect(tooMuch.code).toBe(2);
    expect((await pos(dir, ['journal', 'show', preauth.clientRef])).stdout).toMatch(/Standing +completed \$45\.00 of \$50\.00/);
    const voided = (await sale(dir, '7.00')).view;
    expect((await pos(dir, ['void', '--ref', voided.clientRef])).code).toBe(0);
    expect((await pos(dir, ['journal', 'list', '--ref', voided.clientRef])).stdout).toMatch(/approved +voided +\$7\.00/);
  });

  it('prints the day’s declines and gateway rejections apart in the totals', async () => {
    const dir = tempDir();
    // Training triggers: 5521.00 the bank declines, 5000.22 the gateway rejects.
    expect((await sale(dir, '5521.00')).view.state).toBe('declined');
    expect((await sale(dir, '5000.22')).view.state).toBe('rejected');
    expect((await sale(dir, '1.00')).view.state).toBe('approved');
    const totals = DailyTotals.parse(JSON.parse((await pos(dir, ['totals', '--json'])).stdout));
    expect(totals.lines.filter((l) => l.bucket !== 'approved')).toEqual([
      { tender: 'card', type: 'sale', bucket: 'declined', count: 1, cents: 5_521_00 },
      { tender: 'card', type: 'sale', bucket: 'rejected', count: 1, cents: 5_000_22 },
    ]);
    const human = (await pos(dir, ['totals'])).stdout;
    expect(human).toMatch(/card +sale +rejected +1 +\$5,?000\.22/);
    expect(human).toMatch(/Declined by the bank \$5,?521\.00 \(1 payment\)/);
    expect(human).toMatch(/Rejected by gateway +\$5,?000\.22 \(1 payment\)/);
    expect(human).toMatch(/Net +\$1\.00/);
  });
});

describe('posctl queue', { timeout: 90_000 }, () => {
  it('stores a sale offline while the gateway is unreachable, counts it under training and forwards it when asked', async () => {
    const dir = tempDir();
    expect((await pos(dir, ['config', 'set', 'offline.enabled', 'true'])).code).toBe(0);
    expect((await pos(dir, ['gateway', 'training-fault', 'unreachable'])).code).toBe(0);
    const stored = await sale(dir, '20.00');
    expect(stored.code).toBe(0);
    expect(stored.view.state).toBe('offline');

    const status = QueueStatus.parse(JSON.parse((await pos(dir, ['queue', 'status', '--json'])).stdout));
    expect(status).toMatchObject({ mode: 'training', paused: false, training: { count: 1, totalCents: 2000 }, live: { count: 0 } });
    const listed = (JSON.parse((await pos(dir, ['queue', 'list', '--json'])).stdout) as unknown[]).map((r) => PaymentRow.parse(r));
    expect(listed.map((r) => r.clientRef)).toEqual([stored.view.clientRef]);

    expect((await pos(dir, ['gateway', 'training-fault', 'none'])).code).toBe(0);
    const sent = await pos(dir, ['queue', 'forward', '--json']);
    expect(sent.code).toBe(0);
    expect(ForwardResult.parse(JSON.parse(sent.stdout))).toMatchObject({ attempted: 1, approved: 1, remaining: 0, stoppedBecause: null });
    const shown = JSON.parse((await pos(dir, ['journal', 'show', stored.view.clientRef, '--json'])).stdout) as { payment: unknown; events: Array<{ to: string }>; receipt: { lines: string[] } };
    expect(PaymentRow.parse(shown.payment)).toMatchObject({ state: 'approved', storedOffline: true });
    expect(shown.events.map((e) => e.to)).toEqual(expect.arrayContaining(['offline', 'forwarding', 'approved']));
    expect(shown.receipt.lines.join('\n')).toContain('APPROVED (SENT AFTER OFFLINE)');
  });

  it('holds stored payments while paused, says so, and sends them once resumed', async () => {
    const dir = tempDir();
    await pos(dir, ['config', 'set', 'offline.enabled', 'true']);
    await pos(dir, ['gateway', 'training-fault', 'unreachable', '--count', '1']);
    expect((await sale(dir, '20.00')).view.state).toBe('offline');
    // A name with a control character (an escape sequence printed back by queue status) is refused.
    const escaped = await pos(dir, ['queue', 'pause', '--by', 'X\u001b[2JY']);
    expect([escaped.code, escaped.stderr]).toEqual([2, expect.stringMatching(/--by must not contain control characters .*U\+001B/)]);
    expect((await pos(dir, ['queue', 'pause', '--by', 'Sam'])).code).toBe(0);
    const human = await pos(dir, ['queue', 'status']);
    expect(human.stdout).toMatch(/training \(current\) +1 +\$20\.00/);
    expect(human.stdout).toMatch(/PAUSED by Sam/);
    const held = await pos(dir, ['queue', 'forward', '--json']);
    expect(held.code).toBe(2);
    expect(ForwardResult.parse(JSON.parse(held.stdout))).toMatchObject({ attempted: 0, remaining: 1, stoppedBecause: 'forwarding is paused' });
    expect(held.stderr).toMatch(/paused/);
    const resumed = await pos(dir, ['queue', 'resume', '--by', 'Sam', '--json']);
    expect(QueueStatus.parse(JSON.parse(resumed.stdout)).paused).toBe(false);
    const sent = await pos(dir, ['queue', 'forward']);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/Sent 1: 1 approved/);
  });

  it('exits 2 from queue forward while the gateway stays unreachable', async () => {
    const dir = tempDir();
    await pos(dir, ['config', 'set', 'offline.enabled', 'true']);
    await pos(dir, ['gateway', 'training-fault', 'unreachable']);
    expect((await sale(dir, '15.00')).view.state).toBe('offline');
    const r = await pos(dir, ['queue', 'forward', '--json']);
    expect(r.code).toBe(2);
    expect(ForwardResult.parse(JSON.parse(r.stdout))).toMatchObject({ remaining: 1 });
  });

  it('records a manager decision on a payment whose outcome is unknown, then sends it again', async () => {
    const dir = tempDir();
    await pos(dir, ['gateway', 'training-fault', 'drop-after', '--count', '1']);
    const lost = await sale(dir, '7.00');
    expect(lost.code).toBe(2);
    expect(lost.view.state).toBe('needs-lookup');
    const waiting = (JSON.parse((await pos(dir, ['queue', 'list', '--list', 'needs-lookup', '--json'])).stdout) as unknown[]).map((r) => PaymentRow.parse(r));
    expect(waiting.map((r) => r.clientRef)).toEqual([lost.view.clientRef]);
    const noName = await pos(dir, ['queue', 'resolve', lost.view.clientRef, '--not-processed']);
    expect(noName.code).toBe(2);
    const twoDecisions = await pos(dir, ['queue', 'resolve', lost.view.clientRef, '--not-processed', '--write-off', '--by', 'Sam']);
    expect(twoDecisions.code).toBe(2);
    expect((await pos(dir, ['queue', 'resolve', 'T0000NOSUCHREF', '--write-off', '--by', 'Sam'])).code).toBe(1);
    const decided = await pos(dir, ['queue', 'resolve', lost.view.clientRef, '--not-processed', '--by', 'Sam', '--json']);
    expect(decided.code).toBe(0);
    expect(PaymentRow.parse(JSON.parse(decided.stdout))).toMatchObject({ state: 'offline', decidedBy: 'Sam' });
    const sent = await pos(dir, ['queue', 'forward', '--json']);
    expect(sent.code).toBe(0);
    expect(ForwardResult.parse(JSON.parse(sent.stdout))).toMatchObject({ approved: 1, remaining: 0 });
  });
});

describe('posctl journal export', { timeout: 90_000 }, () => {
  it('writes the CSV readable by its owner only and refuses to overwrite without --force', async () => {
    const dir = tempDir();
    const view = (await sale(dir, '12.34')).view;
    await sale(dir, '5521.00');
    const file = join(dir, 'payments.csv');
    const r = await pos(dir, ['journal', 'export', '--csv', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote 2 payment\(s\)/);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^created_at,client_ref,sale_id,mode,type,tender,state,requested,approved,card_or_account/);
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(view.clientRef) && l.includes('12.34') && l.includes('411111******1111'))).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain(PAN);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const again = await pos(dir, ['journal', 'export', '--csv', file, '--state', 'approved']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists; add --force/);
    expect(readFileSync(file, 'utf8').trimEnd().split('\r\n')).toHaveLength(3);

    writeFileSync(file, 'old', { mode: 0o644 });
    const forced = await pos(dir, ['journal', 'export', '--csv', file, '--state', 'approved', '--force', '--json']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toEqual({ file, rows: 1 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(file)).toBe(true);
  });
});
