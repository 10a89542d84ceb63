import { describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';
import { atEnd, call, saleId, swipeSale, type Lane } from '../payments/scenario-support';

/** A training lane speaking French, printing on its simulated ESC/POS printer (PC850). */
async function frenchLane(): Promise<Lane> {
  const dataDir = tempDir('pos-receipt-fr-');
  const log = memoryLog();
  const core = await createCore({ logDestination: log.stream, watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
  atEnd(() => core.close());
  core.settings.setMany([['terminal.name', 'Café du Coin'], ['terminal.language', 'fr'], ['devices.scanIntervalMs', 0]]);
  await core.start();
  const events: Lane['events'] = [];
  core.bus.onAny((name, payload) => events.push({ name, payload }));
  return { core, dataDir, events, replies: [], log };
}

describe('a French receipt on the receipt printer', () => {
  it('comes out of the printer in French with its accents, line for line as on screen', async () => {
    const l = await frenchLane();
    const sale = await swipeSale(l, saleId('fr'), 12_34, 'visa');
    expect(await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({ printedOn: 'device', printer: 'Simulated receipt printer' });
    const receipt = await call(l, 'payments.receipt', { ref: sale.clientRef, copy: 'customer' });
    const printed = async () => (await call(l, 'devices.list', {})).printout;
    await vi.waitFor(async () => expect((await printed())?.lines.map((x) => x.text)).toEqual(receipt.lines));
    const text = receipt.lines.join('\n');
    // The gateway's record, asked in French (Language FR), and the terminal's own copy line.
    for (const words of ['RELEVÉ DE TRANSACTION', 'TYPE: Achat', '12,34 $ USD', 'NUMÉRO DE CARTE', 'Approuvée - Merci', 'COPIE DU CLIENT']) expect(text).toContain(words);
    expect(text).not.toMatch(/Purchase|Approved|RELEVE |Approuvee/);
    expect((await printed())?.errors).toEqual([]);
  });
});
