import { describe, expect, it } from 'vitest';
import { encodeReceipt } from '../../../native/protocol/escpos';
import { statusRequest } from '../../../native/protocol/escpos-status';
import { PrinterSimulator, type Printout } from '../../../native/sim/printer-sim';

function printer(): { sim: PrinterSimulator; sent: number[]; printed: Printout[] } {
  const sent: number[] = [];
  const sim = new PrinterSimulator((b) => void sent.push(...b));
  const printed: Printout[] = [];
  sim.on('printed', (p) => printed.push(p));
  return { sim, sent, printed };
}

describe('simulated receipt printer', () => {
  it('keeps each receipt from its start to its cut', () => {
    const { sim, printed } = printer();
    sim.receive(encodeReceipt(['first', { text: 'TITLE', bold: true, centre: true }]).bytes);
    sim.receive(encodeReceipt(['second'], { cut: false }).bytes);
    expect(printed).toHaveLength(1);
    expect(sim.lastPrintout()).toEqual({
      lines: [
        { text: 'first', bold: false, centre: false },
        { text: 'TITLE', bold: true, centre: true },
      ],
      errors: [],
      cut: true,
    });
    expect(sim.current().lines.map((l) => l.text)).toEqual(['second']);
  });

  it('answers status requests from its paper and cover', () => {
    const { sim, sent } = printer();
    sim.receive(Buffer.concat([statusRequest('offline'), statusRequest('paper')]));
    sim.condition = { ...sim.condition, paperOut: true };
    sim.receive(Buffer.concat([statusRequest('offline'), statusRequest('paper')]));
    sim.condition = { ...sim.condition, paperOut: false, coverOpen: true };
    sim.receive(statusRequest('offline'));
    expect(sent).toEqual([0x12, 0x12, 0x32, 0x7e, 0x16]);
  });

  it('prints nothing while out of paper, and says so', () => {
    const { sim, printed } = printer();
    sim.condition = { ...sim.condition, paperOut: true };
    sim.receive(encodeReceipt(['lost']).bytes);
    expect(printed).toEqual([]);
    expect(sim.current().errors[0]).toContain('not printed');
  });

  it('keeps the faults of a receipt\'s bytes with it', () => {
    const { sim } = printer();
    sim.receive(Buffer.concat([Buffer.from([0x1b, 0x40, 0x1b, 0x21, 0x08]), Buffer.from('x\n'), Buffer.from([0x1d, 0x56, 0x42, 0])]));
    // ESC ! is unknown; its argument then reads as a control byte in the text.
    expect(sim.lastPrintout()?.errors).toEqual(['ESC 0x21 is not a command the terminal sends (byte 2)', 'control byte 0x08 in the text (byte 4)']);
  });
});
