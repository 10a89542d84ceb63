import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { EscPosDecoder, type EscPosEvent } from '../../../native/sim/escpos-decoder';
import { PrinterSimulator } from '../../../native/sim/printer-sim';
import { SerialLink } from '../../../native/transport/serial-link';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';
import { ptyPair } from '../devices/socat';
import { atEnd, call, saleId, swipeSale, type Lane } from '../payments/scenario-support';

/** What an older version may have stored: ESC @ (initialise), GS V (cut), NUL, a line break. */
const HOSTILE = 'PAT\u001b@\u001dVB\u0000DOE\nX';

/** A lane whose ESC/POS printer is a real pseudo-terminal; every byte sent to it is kept. */
async function laneWithPrinter(): Promise<{ lane: Lane; sent: Buffer[] }> {
  const dataDir = tempDir('pos-printable-');
  const pty = await ptyPair(dataDir);
  atEnd(() => pty.kill());
  const far = new SerialLink({ path: pty.b });
  atEnd(() => far.close());
  const sent: Buffer[] = [];
  // The simulated printer answers status requests, so the device prints as it would on a real one.
  const sim = new PrinterSimulator((b) => far.write(b));
  far.on('data', (d: Buffer) => {
    sent.push(Buffer.from(d));
    sim.receive(d);
  });
  far.open();
  const log = memoryLog();
  const core = await createCore({ logDestination: log.stream, watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
  atEnd(() => core.close());
  core.settings.setMany([['devices.scanIntervalMs', 0], ['devices.list', [{ id: 'front-printer', name: 'Front printer', kind: 'printer', transport: 'serial', path: pty.a }]]]);
  await core.start();
  await vi.waitFor(() => expect(core.status.current().devices[0]?.state).toBe('connected'));
  await vi.waitFor(() => expect(far.status.state).toBe('connected'));
  const events: Lane['events'] = [];
  core.bus.onAny((name, payload) => events.push({ name, payload }));
  return { lane: { core, dataDir, events, replies: [], log }, sent };
}

/** The job the port received, read by the strict training printer, once its cut arrived. */
async function printedJob(sent: Buffer[], jobs: number): Promise<{ bytes: Buffer; events: EscPosEvent[] }> {
  return vi.waitFor(() => {
    const bytes = Buffer.concat(sent);
    const events = new EscPosDecoder().push(bytes);
    expect(events.filter((e) => e.type === 'cut')).toHaveLength(jobs);
    return { bytes, events };
  });
}

describe('a receipt printer never receives a command from data', () => {
  it('prints a stored lane name, a cardholder name and a gateway receipt with ESC, GS, NUL and a line break as printable text only', async () => {
    const { lane, sent } = await laneWithPrinter();
    const sale = await swipeSale(lane, saleId('printable'), 12_34, 'visa');
    // Values written before control characters were refused: straight into the files, as an older version left them.
    const terminal = new Database(join(lane.dataDir, 'terminal.sqlite'));
    terminal.prepare(`INSERT INTO settings (key, value_json, sealed, updated_at) VALUES ('terminal.name', ?, NULL, '2026-01-01T00:00:00Z') ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json`).run(JSON.stringify('Corner\u001b@Cafe'));
    terminal.close();
    const journal = new Database(join(lane.dataDir, 'journal-training.sqlite'));
    // No gateway text: the terminal composes the receipt, with the lane's and the cardholder's names.
    expect(journal.prepare('UPDATE journal SET cardholder_name = ?, receipt = NULL WHERE client_ref = ?').run(HOSTILE, sale.clientRef).changes).toBe(1);
    lane.core.settings.reload();

    const receipt = await call(lane, 'payments.receipt', { ref: sale.clientRef, copy: 'customer' });
    expect(receipt.lines.some((l) => l.includes('PAT\u001b@'))).toBe(true);
    expect(await call(lane, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({ printedOn: 'device', printer: 'Front printer' });
    const first = await printedJob(sent, 1);
    // Read by the strict training printer: the encoder's own commands only, one job, one cut.
    expect(first.events.filter((e) => e.type === 'error')).toEqual([]);
    expect(first.events.filter((e) => e.type === 'init')).toHaveLength(1);
    const lines = first.events.flatMap((e) => (e.type === 'line' ? [e.text] : []));
    expect(lines).toHaveLength(receipt.lines.length);
    // The stored lane name fails its rule: the default stands in; the cardholder name prints as text.
    expect(lines[0]?.trim()).toBe('Lane 1');
    expect(lines.find((l) => l.startsWith('Name'))).toMatch(/PAT\?@\?VB\?DOE X$/);
    expect(first.bytes.includes(Buffer.from('Corner'))).toBe(false);

    // A gateway's own receipt text (CTR) is data too.
    journal.prepare('UPDATE journal SET receipt = ? WHERE client_ref = ?').run(`APPROVED\n${HOSTILE}\u009b2J`, sale.clientRef);
    journal.close();
    await call(lane, 'receipts.print', { ref: sale.clientRef, copy: 'merchant' });
    const both = await printedJob(sent, 2);
    expect(both.events.filter((e) => e.type === 'error')).toEqual([]);
    expect(both.events.filter((e) => e.type === 'init')).toHaveLength(2);
    expect(both.events.flatMap((e) => (e.type === 'line' ? [e.text] : []))).toContain('PAT?@?VB?DOE');
    // No byte of the data reached the port as ESC: an ESC is only ever followed by @, t, a or E, the encoder's own.
    for (let i = 0; i < both.bytes.length; i++) if (both.bytes[i] === 0x1b) expect(['@', 't', 'a', 'E']).toContain(String.fromCharCode(both.bytes[i + 1] ?? 0));
  });
});
