import { afterEach, describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import { createCore } from '../../../main/core';
import { createNodePlatform, type Platform, type SaveFileRequest, type SaveFileResult } from '../../../main/platform/platform';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';
import { call, saleId, settled, swipeSale, type Lane } from './scenario-support';

/** A host with a save dialog: the Platform's saveFile, answering as the person would. */
class FakeSaveDialog {
  readonly requests: SaveFileRequest[] = [];
  answer: () => Promise<SaveFileResult> = () => Promise.resolve({ saved: true, path: '/media/usb/march.csv' });
  readonly saveFile: NonNullable<Platform['saveFile']> = (request) => {
    this.requests.push(request);
    return this.answer();
  };
}

const lanes: Lane[] = [];
afterEach(async () => {
  for (const lane of lanes.splice(0)) await lane.core.close();
});

async function lane(saveFile?: Platform['saveFile']): Promise<Lane> {
  const dataDir = tempDir('pos-save-csv-');
  const log = memoryLog();
  const platform: Platform = { ...createNodePlatform({ host: 'electron', dataDir, version: 'test' }), ...(saveFile ? { saveFile } : {}) };
  const core = await createCore({ logDestination: log.stream, watchIntervalMs: 0 }, platform);
  await core.start();
  const l: Lane = { core, dataDir, events: [], replies: [], log };
  core.bus.onAny((name, payload) => l.events.push({ name, payload }));
  lanes.push(l);
  return l;
}

const managerPage: CallContext = { transport: 'ipc', connection: 'ipc:0' };
const cashierPage: CallContext = { transport: 'ipc', connection: 'ipc:1' };

describe('journal.saveCsv', () => {
  it("saves the same CSV as exportCsv where the manager chose, names the place, and applies the filters", async () => {
    const dialog = new FakeSaveDialog();
    const l = await lane(dialog.saveFile);
    await swipeSale(l, saleId('save-a'), 10_00);
    await swipeSale(l, saleId('save-b'), 11_00, 'mastercard');
    l.core.manager.technicianSet('4826', 'test');
    await l.core.dispatch('manager.unlock', { pin: '4826' }, managerPage);

    expect(await l.core.dispatch('journal.saveCsv', {}, managerPage)).toEqual({ ok: true, value: { saved: true, path: '/media/usb/march.csv', rows: 2 } });
    const exported = await call(l, 'journal.exportCsv', {});
    expect(dialog.requests).toEqual([{ defaultName: exported.filename, content: exported.csv }]);
    expect(exported.filename).toMatch(/^payments-training-\d{4}-\d{2}-\d{2}\.csv$/);

    expect(await l.core.dispatch('journal.saveCsv', { last4: '5454' }, managerPage)).toMatchObject({ ok: true, value: { rows: 1 } });
    expect(dialog.requests[1]?.content.trim().split('\r\n')).toHaveLength(2);
  });

  it('writes no card number: cells a reader or a person filled are redacted like a reply', async () => {
    const dialog = new FakeSaveDialog();
    const l = await lane(dialog.saveFile);
    const keyed = saleId('save-keyed');
    await call(l, 'payments.start', { saleId: keyed, amountCents: 12_00, tender: 'card', cardEntry: 'keyed' });
    // A cashier typed the card number into the name field too: the journal keeps what was typed.
    await call(l, 'payments.keyed', { saleId: keyed, card: { pan: '5454545454545454', expiryMonth: 11, expiryYear: 2039, cardholderName: 'PAN 4111 1111 1111 1111' } });
    expect(await settled(l, keyed)).toMatchObject({ state: 'approved' });
    expect(await l.core.dispatch('journal.saveCsv', {}, { transport: 'test' })).toMatchObject({ ok: true, value: { saved: true, rows: 1 } });
    const content = dialog.requests[0]?.content ?? '';
    expect(content).toContain('545454******5454');
    expect(content).toContain('PAN [PAN …1111]');
    expect(content).not.toMatch(/5454545454545454|4111 1111 1111 1111/);
  });

  it('says Not saved when the dialog is closed, and passes on the words of a failed write', async () => {
    const dialog = new FakeSaveDialog();
    const l = await lane(dialog.saveFile);
    dialog.answer = () => Promise.resolve({ saved: false });
    expect(await l.core.dispatch('journal.saveCsv', {}, { transport: 'test' })).toEqual({ ok: true, value: { saved: false, path: null, rows: 0 } });
    dialog.answer = () => Promise.reject(new Error('The file was not saved: the disk is full. Choose another folder, then save again.'));
    expect(await l.core.dispatch('journal.saveCsv', {}, { transport: 'test' })).toEqual({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'The file was not saved: the disk is full. Choose another folder, then save again.' },
    });
  });

  it('needs the manager', async () => {
    const dialog = new FakeSaveDialog();
    const l = await lane(dialog.saveFile);
    expect(await l.core.dispatch('journal.saveCsv', {}, cashierPage)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', needs: 'manager' } });
    expect(dialog.requests).toEqual([]);
  });

  it('answers UNAVAILABLE in words on a host without a save dialog', async () => {
    const l = await lane();
    expect(await l.core.dispatch('journal.saveCsv', {}, { transport: 'test' })).toEqual({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'Saving to a place you choose works only in the desktop app. In a browser page, Export CSV downloads the file.' },
    });
  });
});
