import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../main/gateway/client';
import { OPERATION_NAMES, type OperationName } from '../../../main/gateway/schema';
import { buildWsdl } from '../../../main/gateway/wsdl';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { runCommand } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';
import { everyCheckField, everyTransactionField, MASKED_ECHO, NS } from '../../unit/gateway/fixtures';

/**
 * Interoperability with independent SOAP stacks from Debian's packages: PHP's SOAP extension
 * (SoapClient and SoapServer) and Python's zeep. Each loads our WSDL; their envelopes must pass
 * our strict simulator, and ours must be understood by PHP's server, every field of all four
 * operations included, with Level3 at its 98 line items.
 */
const HERE = fileURLToPath(new URL('./interop/', import.meta.url));
const dir = tempDirForSuite('pos-gw-interop-');
let sim: GatewaySimulator;
let simWsdl: string;

const run = runCommand;

interface ForeignAnswer {
  result?: Record<string, unknown>;
  fault?: { code: string; string: string };
  request: string;
}

async function foreignCall(tool: 'php' | 'zeep', op: OperationName, request: unknown): Promise<ForeignAnswer> {
  const r = tool === 'php'
    ? await run('php', [join(HERE, 'php-client.php'), simWsdl, sim.url, op, JSON.stringify(request)])
    : await run('/usr/bin/python3', [join(HERE, 'zeep-client.py'), simWsdl, sim.url, op, JSON.stringify(request)]);
  if (!r.stdout.trim()) throw new Error(`${tool} printed nothing (exit ${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout) as ForeignAnswer;
}

/** zeep reads an empty element as None, PHP as ""; both mean the same empty text here. */
function normalise(value: unknown): unknown {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, normalise(v)]));
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  sim = await startGatewaySimulator({ namespace: NS });
  simWsdl = join(dir.dir, 'simulator.wsdl');
  writeFileSync(simWsdl, buildWsdl({ namespace: NS, address: sim.url }));
});
afterAll(async () => {
  await sim.close();
  dir.remove();
});

const credit = everyTransactionField(98);
const check = everyCheckField();

describe.each(['php', 'zeep'] as const)('%s client → our simulator', (tool) => {
  it('SendAndCommit with every field and 98 line items is accepted and echoed', async () => {
    const before = sim.received().length;
    const answer = await foreignCall(tool, 'SendAndCommit', credit);
    expect(answer.fault).toBeUndefined();
    const last = sim.received().at(-1);
    expect(sim.received().length).toBe(before + 1);
    expect(last?.status).toBe(200);
    expect(last?.soapAction?.replace(/"/g, '')).toBe(`${NS}SendAndCommit`);
    const result = normalise(answer.result) as Record<string, unknown>;
    const { Transaction_Tag: _t, Authorization_Num: _a, ...sent } = { ...credit, ...MASKED_ECHO };
    expect(result).toMatchObject(normalise(sent) as object);
    expect(result).toMatchObject({ Transaction_Approved: true, Transaction_Error: false, Gateway_Resp_Code: '00' });
    expect((result.Level3 as { LineItem: unknown[] }).LineItem).toHaveLength(98);
    // What the foreign stack put on the wire really carried all 98 items to the simulator.
    expect(last?.body.match(/<LineItem[\s>]/g)).toHaveLength(98);
  });

  it('TransactionInfo finds the stored transaction', async () => {
    const sale = await foreignCall(tool, 'SendAndCommit', { ...credit, Level3: undefined });
    const tag = String(sale.result?.Transaction_Tag);
    const answer = await foreignCall(tool, 'TransactionInfo', { GatewayID: 'AB1234-01', Password: 'secret-pw', Transaction_Type: 'CR', Transaction_Tag: tag });
    expect(normalise(answer.result)).toMatchObject({ Transaction_Tag: tag, Transaction_Approved: true, Reference_No: 'INV-0001', Card_Number: '############1111' });
  });

  it('SendAndCommitCheck with every field, then CheckTransactionInfo', async () => {
    const answer = await foreignCall(tool, 'SendAndCommitCheck', check);
    expect(answer.fault).toBeUndefined();
    const { Transaction_Tag: _t, Authorization_Num: _a, ...sent } = { ...check, Password: '', MICR: '', BankAccountNumber: '####8535' };
    expect(normalise(answer.result)).toMatchObject({ ...sent, Transaction_Approved: true });
    const tag = String(answer.result?.Transaction_Tag);
    const found = await foreignCall(tool, 'CheckTransactionInfo', { GatewayID: 'G', Password: 'P', Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: tag });
    expect(normalise(found.result)).toMatchObject({ Transaction_Tag: tag, CustomerID: 'TX123456789', VIP: false });
  });
});

describe('our client → PHP SoapServer loading our WSDL', () => {
  let php: ChildProcessWithoutNullStreams;
  let client: GatewayClient;

  beforeAll(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/transaction/v14`;
    const wsdl = join(dir.dir, 'php-server.wsdl');
    writeFileSync(wsdl, buildWsdl({ namespace: NS, address: url }));
    php = spawn('php', ['-S', `127.0.0.1:${port}`, join(HERE, 'php-server.php')], { env: { ...process.env, POS_WSDL: wsdl, POS_NAMESPACE: NS } });
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const onData = (d: Buffer): void => {
        seen += d.toString();
        if (/Development Server .* started/.test(seen)) resolve();
      };
      php.stdout.on('data', onData);
      php.stderr.on('data', onData);
      php.on('exit', (code) => reject(new Error(`php -S exited (${code}): ${seen}`)));
    });
    client = await createGatewayClient({ url, namespace: NS, gatewayId: 'AB1234-01', password: 'secret-pw', connectTimeoutMs: 2000, timeoutMs: 10_000 });
  });
  afterAll(() => {
    client?.close();
    php?.kill('SIGTERM');
  });

  it.each(OPERATION_NAMES)('%s: PHP decodes every field we send and we decode its answer', async (op) => {
    const isCheck = op === 'SendAndCommitCheck' || op === 'CheckTransactionInfo';
    const lookup = op === 'TransactionInfo' || op === 'CheckTransactionInfo';
    // Lookups carry only what the rules allow; the full field set goes through the other two.
    const request = isCheck
      ? lookup ? { Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: '77', Reference_No: 'R', Address: check.Address } : check
      : lookup ? { Transaction_Type: 'CR', Transaction_Tag: '77', Authorization_Num: 'ET1', Reference_No: 'R', Level3: credit.Level3, SoftDescriptor: credit.SoftDescriptor } : credit;
    const outcome = await client.send(op, request as never);
    expect(outcome.kind).toBe('approved');
    if (outcome.kind !== 'approved') return;
    const { Password: _p, ...echo } = request as Record<string, unknown>;
    expect(outcome.result).toMatchObject({ ...echo, Password: '', Transaction_Approved: true, Gateway_Resp_Code: '00', Bank_Resp_Code: '100' });
    expect(outcome.result.CTR).toBe('PHP SoapServer\r\nApproved - Thank You 100');
    if (!isCheck && !lookup) expect((outcome.result as { Level3?: { LineItem: unknown[] } }).Level3?.LineItem).toHaveLength(98);
  });
});
