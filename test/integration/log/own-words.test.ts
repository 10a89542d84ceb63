import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactText } from '../../../main/log/redact';
import { posctl, requireBuild, ROOT } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

/** Files whose literals are data, not sentences the terminal writes, and why. */
const NOT_SENTENCES: Readonly<Record<string, string>> = {
  'native/sim/sample-cards.ts': 'the sample cards and checks themselves: hiding them is the point',
  'native/check/micr-symbols.ts': 'the E-13B symbols themselves',
  'main/store/terminal-db.ts': "the migrations' descriptions, never printed or logged",
};

interface Literal {
  file: string;
  line: number;
  text: string;
  /** Written as ownWords`…`: declared the terminal's own. */
  declared: boolean;
  /** An argument of a posctl command definition (.description, .option, new Option, .argument…): declared by posctl when it first prints help or a usage error. */
  commandDefinition: boolean;
}

const DEFINITION_CALLS = new Set(['description', 'option', 'requiredOption', 'argument', 'Option', 'Argument', 'command']);

/** Every string literal and every fixed part of a template literal in the terminal's sources. */
function literals(): Literal[] {
  const files = execFileSync('git', ['ls-files', 'main/*.ts', 'main/**/*.ts', 'preload/**/*.ts', 'native/**/*.ts'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
  const out: Literal[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(`${ROOT}${file}`, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const parts: string[] = [];
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) parts.push(node.text);
      if (ts.isTemplateExpression(node)) parts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
      if (parts.length > 0) {
        const parent = node.parent;
        const declared = ts.isTaggedTemplateExpression(parent) && parent.tag.getText(source) === 'ownWords';
        const callee = ts.isCallExpression(parent) || ts.isNewExpression(parent) ? parent.expression : undefined;
        const name = callee && ts.isPropertyAccessExpression(callee) ? callee.name.text : callee && ts.isIdentifier(callee) ? callee.text : '';
        const commandDefinition = file.startsWith('main/cli/') && DEFINITION_CALLS.has(name);
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        for (const text of parts) out.push({ file, line, text, declared, commandDefinition });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe("the terminal's own sentences and the redactor", () => {
  it('declares every sentence of the code that the redactor would rewrite, so none loses a word', () => {
    const all = literals();
    expect(all.length).toBeGreaterThan(1000);
    const rewritten = all.filter((l) => redactText(l.text, 'data') !== l.text || redactText(l.text, 'log') !== l.text);
    const undeclared = rewritten.filter((l) => !l.declared && !l.commandDefinition && NOT_SENTENCES[l.file] === undefined);
    expect(undeclared.map((l) => `${l.file}:${l.line} ${l.text.slice(0, 100)}`)).toEqual([]);
    // The ones found today, so the scan is known to see them.
    expect(rewritten.filter((l) => l.declared).map((l) => l.file)).toContain('main/cli/commands/gateway.ts');
  });

  it("prints posctl's own sentence about Password as written, exit 2", async () => {
    const r = await posctl(tempDir(), ['gateway', 'call', 'SendAndCommit', '--request-json', '{"Password":"hunter2"}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('posctl: --request-json must not carry Password: give it with --password - (standard input), or call gateway.url with the stored one\n');
  });
});
