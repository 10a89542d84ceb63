import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { SaleCapture } from '../../../main/payments/capture';
import { cardFacts } from '../../../main/payments/card-facts';
import type { SaleDevices, SalePinpad, SaleReadHandlers } from '../../../main/payments/ports';
import type { PadCardResult } from '../../../native/pinpad/client';
import { sampleCard } from '../../support/payments';

describe('cardFacts', () => {
  it('keeps a card read as its own masked form', () => {
    const facts = cardFacts({ kind: 'read', card: sampleCard('visa') });
    expect(facts.view).toMatchObject({ brand: 'visa', masked: '411111******1111', last4: '1111', chip: false });
    expect(facts.columns).toMatchObject({ masked: '411111******1111', brand: 'visa', last4: '1111' });
  });

  it('masks a card typed in with maskPan (first 6, last 4), and shows only **** of a number too short to be a card', () => {
    const keyed = (pan: string, name = 'PAT LEE') => cardFacts({ kind: 'keyed', card: { entry: 'keyed', pan, expiryMonth: 12, expiryYear: 2031, cardholderName: name } });
    expect(keyed('4111 1111 1111 1111')).toEqual({
      view: { brand: 'unknown', masked: '411111******1111', last4: '1111', expiry: null, chip: false, name: 'PAT LEE' },
      columns: { masked: '411111******1111', brand: null, last4: '1111', cardholderName: 'PAT LEE' },
    });
    expect(keyed('411111').view?.masked).toBe('****');
    expect(keyed('411111').columns.masked).toBeNull();
    expect(keyed('4111111111111111', 'N'.repeat(60)).view?.name).toHaveLength(40);
  });
});

/** Devices that record claims, and a pad whose card requests the test answers. */
function rig() {
  const released: string[] = [];
  const handlers: SaleReadHandlers[] = [];
  let answer: ((r: PadCardResult) => void) | undefined;
  const pad = {
    id: 'pad-1',
    showAmount: vi.fn(() => Promise.resolve()),
    readCard: vi.fn(() => new Promise<PadCardResult>((resolve) => (answer = resolve))),
    askYesNo: vi.fn(),
    cancelPrompt: vi.fn(() => Promise.resolve()),
    showMessage: vi.fn(() => Promise.resolve()),
  } satisfies SalePinpad;
  const devices: SaleDevices = {
    claimReads: (_owner, kinds, h) => {
      handlers.push(h);
      return { release: () => void released.push(kinds.join('+')) };
    },
    claimPinpad: () => ({ pad, release: () => void released.push('pad') }),
  };
  const capture = new SaleCapture({ devices, owner: 'sale 1', log: pino({ level: 'silent' }), cardWaitMs: 60_000 });
  return { capture, pad, released, handlers, answer: (r: PadCardResult) => answer?.(r) };
}

describe('SaleCapture', () => {
  it('hands a swipe back with how it was read, and gives the readers and pad back when a card is read', () => {
    const r = rig();
    const cards: string[] = [];
    r.capture.readers(() => 'swipe', { card: (_s, entry, id) => cards.push(`${entry}@${id}`), problem: () => undefined });
    r.handlers[0]?.onCard?.(sampleCard('visa'), { deviceId: 'msr-1', source: 'msr' });
    expect(cards).toEqual(['swipe@msr-1']);
    r.capture.cardRead(false);
    expect(r.released).toEqual(['msr']);
  });

  it('asks the pad for a card after showing the amount; a card read on the pad keeps the pad to confirm on', async () => {
    const r = rig();
    const cards: string[] = [];
    expect(r.capture.padCard(12_34, { card: (_s, entry, id) => cards.push(`${entry}@${id}`), problem: () => undefined, stillWaiting: () => true, ended: () => undefined })).toBe(true);
    await vi.waitFor(() => expect(r.pad.readCard).toHaveBeenCalledWith('Swipe Card', 60_000));
    expect(r.pad.showAmount).toHaveBeenCalledWith(12_34);
    r.answer({ status: 'read', card: sampleCard('visa') });
    await vi.waitFor(() => expect(cards).toEqual(['pad@pad-1']));
    r.capture.cardRead(true);
    expect(r.pad.cancelPrompt).not.toHaveBeenCalled();
    expect(r.capture.pad).toBe(r.pad);
    r.capture.end('APPROVED');
    expect(r.pad.showMessage).toHaveBeenCalledWith('APPROVED');
    expect(r.released).toEqual(['pad']);
    expect(r.capture.pad).toBeUndefined();
  });

  it('ends the sale when the customer cancels on the pad, but not once the wait was ended by a new choice', async () => {
    const r = rig();
    const ended: string[] = [];
    const reads = { card: () => undefined, problem: () => undefined, stillWaiting: () => true, ended: (why: string) => void ended.push(why) };
    r.capture.padCard(5_00, reads);
    await vi.waitFor(() => expect(r.pad.readCard).toHaveBeenCalledTimes(1));
    r.capture.endWait(true);
    expect(r.pad.cancelPrompt).toHaveBeenCalledTimes(1);
    r.answer({ status: 'cancelled' });
    await Promise.resolve();
    expect(ended).toEqual([]);

    r.capture.begin();
    r.capture.padCard(5_00, reads);
    await vi.waitFor(() => expect(r.pad.readCard).toHaveBeenCalledTimes(2));
    r.answer({ status: 'cancelled' });
    await vi.waitFor(() => expect(ended).toEqual(['cancelled on the PIN pad']));
  });
});
