import { describe, expect, it } from 'vitest';
import { answersIn, conditionOf, conditionWords, isStatusByte, statusBytes, statusRequest } from '../../../native/protocol/escpos-status';

describe('ESC/POS real-time status', () => {
  it('asks with DLE EOT 2 (off-line cause) and DLE EOT 4 (paper sensor)', () => {
    expect([...statusRequest('offline')]).toEqual([0x10, 0x04, 2]);
    expect([...statusRequest('paper')]).toEqual([0x10, 0x04, 4]);
  });

  it('reads the answers of a printer that is fine, out of paper, open, low on paper, or jammed', () => {
    expect(conditionOf(0x12, 0x12)).toEqual({ coverOpen: false, paperOut: false, paperLow: false, error: false });
    expect(conditionOf(0x32, 0x7e)).toEqual({ coverOpen: false, paperOut: true, paperLow: true, error: false });
    expect(conditionOf(0x16, 0x12)).toMatchObject({ coverOpen: true, paperOut: false });
    expect(conditionOf(0x12, 0x1e)).toMatchObject({ paperLow: true, paperOut: false });
    expect(conditionOf(0x52, 0x12)).toMatchObject({ error: true });
    // The paper sensor alone is enough to say the roll is empty.
    expect(conditionOf(0x12, 0x72).paperOut).toBe(true);
  });

  it('writes the same bytes for a simulated printer as it reads', () => {
    for (const c of [
      { coverOpen: false, paperOut: false, paperLow: false, error: false },
      { coverOpen: true, paperOut: false, paperLow: false, error: false },
      { coverOpen: false, paperOut: true, paperLow: true, error: false },
      { coverOpen: false, paperOut: false, paperLow: true, error: true },
    ]) {
      const { offline, paper } = statusBytes(c);
      expect(isStatusByte(offline) && isStatusByte(paper)).toBe(true);
      expect(conditionOf(offline, paper)).toEqual(c);
    }
    expect(statusBytes({ coverOpen: false, paperOut: true, paperLow: true, error: false })).toEqual({ offline: 0x32, paper: 0x7e });
  });

  it('tells answers from other bytes by their fixed bits', () => {
    expect(answersIn(Uint8Array.from([0x00, 0x12, 0x41, 0x32, 0xff, 0x7e, 0x13]))).toEqual([0x12, 0x32, 0x7e]);
  });

  it('says what is wrong in words for the counter', () => {
    expect(conditionWords(conditionOf(0x12, 0x12))).toBeUndefined();
    expect(conditionWords(conditionOf(0x32, 0x7e))).toBe('the printer is out of paper: load a new roll and try again');
    expect(conditionWords(conditionOf(0x16, 0x12))).toContain('cover is open');
    // Low paper still prints.
    expect(conditionWords(conditionOf(0x12, 0x1e))).toBeUndefined();
  });
});
