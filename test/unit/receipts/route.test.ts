import { describe, expect, it } from 'vitest';
import { routeReceipt, type PrinterChoice, type RouteFacts } from '../../../main/receipts/route';

const lane = { id: 'front', name: 'Front printer' };
const sim = { id: 'training-printer', name: 'Simulated receipt printer' };

function to(choice: PrinterChoice, has: { lane?: boolean; sim?: boolean; system?: boolean }): string {
  const facts: RouteFacts = { choice, lanePrinter: has.lane ? lane : undefined, simulatedPrinter: has.sim ? sim : undefined, systemPrinter: has.system ?? false };
  const r = routeReceipt(facts);
  return r.to === 'device' ? `device:${r.printer.id}` : r.to;
}

describe('where a receipt prints', () => {
  it('auto: the lane\'s printer, else the system printer, else the training printer, else the browser', () => {
    expect(to('auto', { lane: true, sim: true, system: true })).toBe('device:front');
    expect(to('auto', { sim: true, system: true })).toBe('system');
    expect(to('auto', { sim: true })).toBe('device:training-printer');
    expect(to('auto', {})).toBe('browser');
  });

  it('device: the lane\'s printer, else the training one, else refused in words', () => {
    expect(to('device', { lane: true, sim: true, system: true })).toBe('device:front');
    expect(to('device', { sim: true, system: true })).toBe('device:training-printer');
    expect(to('device', { system: true })).toBe('nowhere');
    const r = routeReceipt({ choice: 'device', lanePrinter: undefined, simulatedPrinter: undefined, systemPrinter: true });
    expect(r.to === 'nowhere' ? r.why : '').toContain('none is set up on this lane');
  });

  it('system: the OS printer, or the browser\'s dialog on a page without one', () => {
    expect(to('system', { lane: true, system: true })).toBe('system');
    expect(to('system', { lane: true })).toBe('browser');
  });

  it('browser: always the dialog', () => {
    expect(to('browser', { lane: true, sim: true, system: true })).toBe('browser');
  });
});
