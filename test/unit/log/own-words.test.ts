import { describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../../../main/cli/posctl';
import { declareOwnWords, ownWords, redactText } from '../../../main/log/redact';
import type { Command } from 'commander';

const GATEWAY_SENTENCE = '--request-json must not carry Password: give it with --password - (standard input), or call gateway.url with the stored one';
const PIN_SENTENCE = 'remove the manager PIN: the next manager action on the counter sets a new one';

describe("the terminal's own words", () => {
  it('would lose a word to the credential rule unless declared', () => {
    expect(redactText(`posctl: ${GATEWAY_SENTENCE}`, 'data')).toBe('posctl: --request-json must not carry Password: [REDACTED] it with --password - (standard input), or call gateway.url with the stored one');
  });

  it('are left as written once declared, in data and log mode, wherever they sit in a message', () => {
    const said = ownWords`--request-json must not carry Password: give it with --password - (standard input), or call gateway.url with the stored one`;
    expect(said).toBe(GATEWAY_SENTENCE);
    for (const mode of ['data', 'log'] as const) {
      expect(redactText(`posctl: ${GATEWAY_SENTENCE}`, mode)).toBe(`posctl: ${GATEWAY_SENTENCE}`);
      expect(redactText(`${GATEWAY_SENTENCE}\n${GATEWAY_SENTENCE}`, mode)).toBe(`${GATEWAY_SENTENCE}\n${GATEWAY_SENTENCE}`);
    }
  });

  it('are found again when help text wraps them over lines', () => {
    declareOwnWords(PIN_SENTENCE);
    const wrapped = '  reset             remove the manager PIN: the next manager action on the\n                    counter sets a new one\n';
    expect(redactText(wrapped, 'data')).toBe(wrapped);
  });

  it('shield no secret: real credentials around them, or in text that only resembles them, still go', () => {
    declareOwnWords(GATEWAY_SENTENCE);
    for (const mode of ['data', 'log'] as const) {
      expect(redactText(`${GATEWAY_SENTENCE}; Password: hunter2`, mode)).toBe(`${GATEWAY_SENTENCE}; Password: [REDACTED]`);
      expect(redactText(`login password=hunter2 then ${GATEWAY_SENTENCE}`, mode)).toBe(`login password=[REDACTED] then ${GATEWAY_SENTENCE}`);
      expect(redactText('must not carry Password: hunter2 it with --password -', mode)).toBe('must not carry Password: [REDACTED] it with --password -');
      expect(redactText('Password: xyz', mode)).toBe('Password: [REDACTED]');
      expect(redactText('token=abc123&x=1', mode)).toBe('token=[REDACTED]');
      // A credential's name right before the sentence takes it as its value: hidden, never shown.
      expect(redactText(`secret=${GATEWAY_SENTENCE}`, mode)).not.toContain('--request-json must not');
    }
    expect(redactText('card 4111111111111111 then PIN: 1234', 'log')).toBe('card [PAN …1111] then PIN: [REDACTED]');
  });

  it('are refused when they end on a credential name and its separator (what follows would pass unredacted)', () => {
    expect(() => declareOwnWords('the gateway answered, Password:')).toThrow(/must not end on a credential/);
    expect(() => declareOwnWords('a key like token= ')).toThrow(/must not end on a credential/);
  });

  it("cover posctl's help: every description of every command is printed as written", async () => {
    const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
    const program = await buildProgram();
    // A description the redactor would rewrite if it were not declared (no command has one today).
    program.command('probe').description('a probe: the reader must not carry Password: give it on standard input instead');
    // Through posctl's own output (commander → write → the redactor), which declares the descriptions on first use.
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      for (const command of all(program)) {
        printed.length = 0;
        command.outputHelp();
        expect(printed.join(''), command.name()).toBe(command.helpInformation());
      }
    } finally {
      spy.mockRestore();
    }
  });
});
