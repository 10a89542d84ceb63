import { describe, expect, it } from 'vitest';
import {
  AT_COUNTER_STATES,
  FINAL_STATES,
  IN_FLIGHT_STATES,
  IN_PROGRESS_STATES,
  isLightPath,
  LIGHT_STATES,
  MOVES,
  OPEN_STATES,
  PAYMENT_STATES,
  PRE_SEND_STATES,
  recoveryState,
  RELEASED_STATES,
  sqlList,
  STANDING_STATES,
  STORED_STATES,
  UNANSWERED_STATES,
  TOTALLED_STATES,
} from '../../../main/payments/states';

describe('state groups', () => {
  it('splits every state into open or final, and only final states have no move out', () => {
    for (const s of PAYMENT_STATES) {
      expect(OPEN_STATES.has(s), s).toBe(!FINAL_STATES.has(s));
      expect(MOVES[s].length === 0, s).toBe(FINAL_STATES.has(s));
    }
  });

  it('nests light in at the counter, at the counter in progress, in progress in flight', () => {
    for (const s of LIGHT_STATES) expect(AT_COUNTER_STATES.has(s)).toBe(true);
    for (const s of AT_COUNTER_STATES) expect(IN_PROGRESS_STATES.has(s)).toBe(true);
    for (const s of IN_PROGRESS_STATES) expect(IN_FLIGHT_STATES.has(s)).toBe(true);
    expect(PRE_SEND_STATES).toBe(AT_COUNTER_STATES);
  });

  it('names as in flight exactly the states recovery moves', () => {
    expect([...IN_FLIGHT_STATES]).toEqual(PAYMENT_STATES.filter((s) => recoveryState(s) !== undefined));
  });

  it('holds the offline queue in the stored states, which are open and standing', () => {
    expect([...STORED_STATES]).toEqual(['offline', 'forwarding']);
    for (const s of STORED_STATES) expect(OPEN_STATES.has(s) && STANDING_STATES.has(s)).toBe(true);
    expect([...STANDING_STATES]).toEqual(['approved', 'offline', 'forwarding']);
  });

  it('names as released the final states in which no money moved, and as unanswered those the gateway may hold with no answer known', () => {
    expect([...RELEASED_STATES]).toEqual(['declined', 'rejected', 'failed', 'cancelled', 'voided']);
    for (const s of RELEASED_STATES) expect(FINAL_STATES.has(s) && !STANDING_STATES.has(s)).toBe(true);
    expect([...UNANSWERED_STATES]).toEqual(['sending', 'forwarding', 'needs-lookup']);
    // The day's totals read exactly what they listed by hand before.
    expect(new Set(TOTALLED_STATES)).toEqual(new Set(['approved', 'offline', 'forwarding', 'declined', 'rejected']));
    for (const s of UNANSWERED_STATES) expect(OPEN_STATES.has(s) && !AT_COUNTER_STATES.has(s)).toBe(true);
  });

  it('writes a group as the inside of a SQL IN, in the contract order', () => {
    expect(sqlList(STORED_STATES)).toBe(`'offline', 'forwarding'`);
    expect(sqlList(IN_FLIGHT_STATES)).toBe(`'choosing', 'waiting', 'validated', 'journaled', 'sending', 'forwarding'`);
  });

  it('calls a path light only among light states, or ending in a cancel of one', () => {
    expect(isLightPath([], ['choosing', 'waiting'])).toBe(true);
    expect(isLightPath(['waiting', 'validated'], ['cancelled'])).toBe(true);
    expect(isLightPath(['validated'], ['journaled'])).toBe(false);
    expect(isLightPath(['journaled'], ['failed'])).toBe(false);
    expect(isLightPath(['waiting'], ['cancelled', 'waiting'])).toBe(false);
  });
});
