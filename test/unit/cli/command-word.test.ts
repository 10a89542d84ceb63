import { describe, expect, it } from 'vitest';
import { commandWord } from '../../../main/cli/command-word';
import { buildProgram } from '../../../main/cli/posctl';

describe('the command a posctl command line runs (only its module is loaded)', () => {
  it('is the first word that is not an option or the value of --data-dir', () => {
    expect(commandWord(['status'])).toBe('status');
    expect(commandWord(['--data-dir', 'status', 'queue', 'status'])).toBe('queue');
    expect(commandWord(['--data-dir=/tmp/lane', '--create', 'journal', 'list', '--json'])).toBe('journal');
    expect(commandWord(['totals', '--date', '2026-11-26'])).toBe('totals');
    expect(commandWord(['refund', '--ref', 'abc'])).toBe('refund');
  });

  it('is none for help in any form, no command, a misspelt one or what follows --', () => {
    for (const argv of [[], ['--help'], ['status', '--help'], ['queue', 'status', '-h'], ['help', 'status'], ['stauts'], ['--version'], ['--', 'status'], ['--data-dir', '/x']]) {
      expect(commandWord(argv), argv.join(' ')).toBeUndefined();
    }
  });

  it('finds every command of the full program in the module that registers it', async () => {
    const all = (await buildProgram()).commands.map((c) => c.name());
    expect(all.length).toBeGreaterThan(15);
    for (const name of all) {
      const one = (await buildProgram({}, [name])).commands.map((c) => c.name());
      expect(one, name).toContain(name);
      // Only that module's commands: the payments module registers sale, void, refund and complete.
      expect(one.length, name).toBeLessThanOrEqual(4);
    }
  });
});
