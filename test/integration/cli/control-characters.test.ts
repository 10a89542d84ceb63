import { beforeAll, describe, expect, it } from 'vitest';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const PAN = '4111111111111111';

describe('posctl refuses control characters, naming the field', { timeout: 60_000 }, () => {
  it('in a setting (terminal.name is printed on receipts) and keeps the value it had', async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['config', 'set', 'terminal.name', 'Lane\u001b@7']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('posctl: invalid value for terminal.name: must not contain control characters such as ESC, NUL or a line break (U+001B)\n');
    expect((await posctl(dir, ['config', 'get', 'terminal.name'])).stdout).toBe('Lane 1\n');
  });

  it("in a cashier's name", async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['cashiers', 'save', '7', '--name', 'Pat\nDoe'], { input: '4826\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('posctl: A cashier name must not contain control characters such as ESC, NUL or a line break (U+000A).\n');
    expect((await posctl(dir, ['cashiers', 'list', '--json'])).stdout).toBe('[]\n');
  });

  it("in a keyed card's cardholder name (--name), before any payment is made", async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['sale', '--amount', '1.00', '--keyed', '-', '--expiry', '1230', '--name', 'PAT\u009bDOE'], { input: `${PAN}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('posctl: --name must not contain control characters such as ESC, NUL or a line break (U+009B)\n');
    expect(JSON.parse((await posctl(dir, ['journal', 'list', '--json'])).stdout)).toMatchObject({ rows: [] });
  });
});
