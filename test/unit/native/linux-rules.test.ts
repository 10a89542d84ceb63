import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hex4, KNOWN_DEVICES } from '../../../native/discovery/known-devices';

const rules = readFileSync(new URL('../../../native/linux/99-counter-pos.rules', import.meta.url), 'utf8');
const lines = rules.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));

describe('udev rules shipped under native/linux', () => {
  it('are well-formed key/operator/value lists', () => {
    for (const line of lines) {
      for (const pair of line.split(/,\s*/)) expect(pair, line).toMatch(/^[A-Z]+(\{[A-Za-z]+\})?(==|\+=|=)"[^"]*"$/);
    }
  });
  it('cover the vendor of every known payment device, for its kind of node', () => {
    for (const known of KNOWN_DEVICES) {
      if (known.transport === 'wedge') continue;
      const subsystem = known.transport === 'hid' ? 'hidraw' : 'tty';
      expect(lines.some((l) => l.includes(`SUBSYSTEM=="${subsystem}"`) && l.includes(`ATTRS{idVendor}=="${hex4(known.vendorId)}"`)), `${known.vendor} ${known.transport}`).toBe(true);
    }
  });
});
